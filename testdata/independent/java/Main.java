import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An independent implementation of std085 (inflate, density), std105 (elastic, fuzzy) and ADR-023
 * (expand) speaking ctxconform's process protocol v1 over stdin/stdout. Offsets count UTF-16 code
 * units (Java's String). Usage: java -cp DIR Main [--bug NAME] [--reading NAME]
 */
public final class Main {
    /** The plain bugs and the alternative readings a run switches on. */
    static final Set<String> BUGS = new HashSet<>();
    static final Set<String> READINGS = new HashSet<>();

    static final List<String> KNOWN_BUGS = Arrays.asList(
            // inflate
            "merge-at-500", "cap-plus-one", "no-truncate", "markers-in-text", "no-clamp-start", "no-sort",
            // density
            "share-per-compound", "share-ceil", "pad-no-max", "squeeze-ceil", "no-padding",
            // elastic
            "radius-no-max", "radius-floor-100", "radius-no-half", "hydrate-over-budget",
            "census-case-sensitive", "census-substring",
            // expand
            "asked-floor", "undirected", "cold-2x", "mature-2x", "ids-over-limit",
            // fuzzy
            "fuzzy-no-lower", "fuzzy-one-pad", "fuzzy-tier-order", "fuzzy-no-dedupe");
    static final List<String> KNOWN_READINGS = Arrays.asList(
            "squeeze-share", "squeeze-input-order", "window-floor-200", "merge-then-truncate", "pad-200-static",
            "radius-round", "zero-hits-min", "table-boundary", "census-no-underscore",
            "threshold-greater", "prefix-like");

    static boolean bug(String n) {
        return BUGS.contains(n);
    }

    static boolean reading(String n) {
        return READINGS.contains(n);
    }

    private final Map<String, Map<String, Object>> docs = new HashMap<>();
    private final BufferedWriter out;

    private Main(BufferedWriter out) {
        this.out = out;
    }

    public static void main(String[] args) throws IOException {
        for (int k = 0; k < args.length; k++) {
            String a = args[k];
            if ((a.equals("--bug") || a.equals("--reading")) && k + 1 < args.length) {
                String v = args[++k];
                if (a.equals("--bug")) {
                    if (!KNOWN_BUGS.contains(v)) {
                        System.err.println("unknown --bug " + v + "; known: " + KNOWN_BUGS);
                        System.exit(2);
                    }
                    BUGS.add(v);
                } else {
                    if (!KNOWN_READINGS.contains(v)) {
                        System.err.println("unknown --reading " + v + "; known: " + KNOWN_READINGS);
                        System.exit(2);
                    }
                    READINGS.add(v);
                }
            } else {
                System.err.println("usage: Main [--bug NAME] [--reading NAME]; bad argument " + a);
                System.exit(2);
            }
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
        new Main(out).loop(in);
    }

    private void send(Map<String, Object> m) throws IOException {
        out.write(Json.write(m));
        out.write('\n');
        out.flush();
    }

    private void loop(BufferedReader in) throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isEmpty()) {
                continue;
            }
            Map<String, Object> msg;
            try {
                msg = Json.obj(Json.parse(line), "message");
            } catch (RuntimeException e) {
                System.err.println("bad message: " + e.getMessage());
                continue;
            }
            String type = Json.str(msg, "type");
            switch (type) {
                case "start":
                    started(msg);
                    break;
                case "documents":
                    documents(msg);
                    break;
                case "request":
                case "bench":
                    request(msg, type.equals("bench"));
                    break;
                case "stop":
                    return;
                default:
                    System.err.println("ignoring message of type " + type);
            }
        }
    }

    private void started(Map<String, Object> msg) throws IOException {
        Map<String, Object> impl = new LinkedHashMap<>();
        impl.put("name", "independent-java" + (BUGS.isEmpty() ? "" : "-bug-" + String.join("+", BUGS))
                + (READINGS.isEmpty() ? "" : "-reading-" + String.join("+", READINGS)));
        impl.put("version", "1.0.0");
        impl.put("language", "java");
        impl.put("unit", "utf16");
        impl.put("standards", Arrays.asList("inflate", "density", "elastic", "expand", "fuzzy"));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "started");
        m.put("protocol", 1L);
        m.put("implementation", impl);
        List<Object> offered = Json.list(msg, "capabilities");
        List<Object> used = new ArrayList<>();
        for (Object c : offered) {
            if ("documents".equals(c) || "bench".equals(c)) {
                used.add(c);
            }
        }
        m.put("capabilities", used);
        send(m);
    }

    private void documents(Map<String, Object> msg) {
        for (Object r : Json.list(msg, "drop")) {
            docs.remove(String.valueOf(r));
        }
        for (Object d : Json.list(msg, "add")) {
            Map<String, Object> doc = Json.obj(d, "documents.add[]");
            Map<String, Object> copy = new LinkedHashMap<>();
            copy.put("id", doc.get("id"));
            copy.put("body", doc.get("body"));
            if (doc.containsKey("kind")) {
                copy.put("kind", doc.get("kind"));
            }
            docs.put(Json.str(doc, "ref"), copy);
        }
    }

    private void request(Map<String, Object> msg, boolean bench) throws IOException {
        Object seq = msg.get("seq");
        String op = Json.str(msg, "op");
        Map<String, Object> req;
        try {
            req = Json.obj(msg.get("request"), "request");
        } catch (RuntimeException e) {
            error(seq, "invalid_request", e.getMessage());
            return;
        }
        if (msg.get("documents") instanceof List) {
            List<Object> resolved = new ArrayList<>();
            for (Object r : Json.list(msg, "documents")) {
                Map<String, Object> d = docs.get(String.valueOf(r));
                if (d == null) {
                    error(seq, "internal", "document ref " + Json.write(r) + " is not held");
                    return;
                }
                resolved.add(d);
            }
            req.put("documents", resolved);
        }
        try {
            Map<String, Object> res;
            Map<String, Object> benchOut = null;
            if (bench) {
                long warm = Json.integer(msg, "warmup");
                long iters = Json.integer(msg, "iterations");
                for (long k = 0; k < warm; k++) {
                    run(op, req);
                }
                long a0 = allocated();
                long t0 = System.nanoTime();
                res = null;
                for (long k = 0; k < iters; k++) {
                    res = run(op, req);
                }
                long el = System.nanoTime() - t0;
                long a1 = allocated();
                benchOut = new LinkedHashMap<>();
                benchOut.put("iterations", iters);
                benchOut.put("elapsed_ns", el);
                benchOut.put("clock", "System.nanoTime");
                if (a0 >= 0 && a1 >= a0) {
                    benchOut.put("allocated_bytes", a1 - a0);
                }
            } else {
                res = run(op, req);
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("type", "result");
            m.put("seq", seq);
            m.put("result", res);
            if (benchOut != null) {
                m.put("bench", benchOut);
            }
            send(m);
        } catch (Json.Bad e) {
            error(seq, "invalid_request", e.getMessage());
        } catch (Unsupported e) {
            error(seq, "not_implemented", e.getMessage());
        } catch (RuntimeException e) {
            System.err.println("internal error in " + op + ": " + e);
            e.printStackTrace();
            error(seq, "internal", op + ": " + e);
        }
    }

    /** Bytes this thread has allocated, or -1 when the JVM cannot tell. */
    private static long allocated() {
        try {
            java.lang.management.ThreadMXBean b = java.lang.management.ManagementFactory.getThreadMXBean();
            if (b instanceof com.sun.management.ThreadMXBean) {
                return ((com.sun.management.ThreadMXBean) b).getCurrentThreadAllocatedBytes();
            }
        } catch (RuntimeException | LinkageError e) {
            // not available: leave allocated_bytes out
        }
        return -1;
    }

    static final class Unsupported extends RuntimeException {
        Unsupported(String m) {
            super(m);
        }
    }

    private static Map<String, Object> run(String op, Map<String, Object> req) {
        switch (op) {
            case "inflate":
                return Inflate.inflate(req);
            case "elastic_radius":
                return Elastic.radiusOp(req);
            case "elastic_census":
                return Elastic.census(req);
            case "elastic_hydrate":
                return Elastic.hydrate(req);
            case "expand_multiplier":
                return Expand.multiplierOp(req);
            case "expand":
                return Expand.expand(req);
            case "fuzzy_search":
                return Fuzzy.search(req);
            case "fuzzy_trigrams":
                return Fuzzy.trigrams(req);
            default:
                throw new Unsupported("operation " + op + " is not implemented");
        }
    }

    private void error(Object seq, String kind, String message) throws IOException {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("kind", kind);
        e.put("message", message);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "error");
        if (seq != null) {
            m.put("seq", seq);
        }
        m.put("error", e);
        send(m);
    }

    // ---- shared document helpers ----

    /** A request's documents by id, in order; refuses duplicates and bodies that are not strings. */
    static LinkedHashMap<String, Map<String, Object>> documentsById(Map<String, Object> req) {
        LinkedHashMap<String, Map<String, Object>> byId = new LinkedHashMap<>();
        List<Object> ds = Json.list(req, "documents");
        for (int k = 0; k < ds.size(); k++) {
            Map<String, Object> d = Json.obj(ds.get(k), "documents[" + k + "]");
            String id = Json.str(d, "id");
            if (!(d.get("body") instanceof String)) {
                throw new Json.Bad("document \"" + id + "\": body is not a string");
            }
            String kind = Json.str(d, "kind");
            if (!kind.isEmpty() && !kind.equals("prose") && !kind.equals("code") && !kind.equals("data")) {
                throw new Json.Bad("document \"" + id + "\": unknown kind \"" + kind + "\"");
            }
            if (byId.put(id, d) != null) {
                throw new Json.Bad("document id \"" + id + "\" appears twice");
            }
        }
        return byId;
    }

    /** True when offset o of s lies between the halves of a surrogate pair. */
    static boolean insidePair(String s, int o) {
        return o > 0 && o < s.length() && Character.isHighSurrogate(s.charAt(o - 1))
                && Character.isLowSurrogate(s.charAt(o));
    }
}
