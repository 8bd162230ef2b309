import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** ADR-023: dynamic candidate expansion for a hybrid (semantic + graph) search. */
final class Expand {
    private Expand() {
    }

    static final class Graph {
        final Set<String> nodes = new LinkedHashSet<>();
        final Set<String> edges = new HashSet<>();
        final Map<String, Integer> degree = new HashMap<>();

        Graph(Map<String, Object> req) {
            List<Object> ns = Json.list(req, "nodes");
            for (int k = 0; k < ns.size(); k++) {
                if (!(ns.get(k) instanceof String) || ((String) ns.get(k)).isEmpty()) {
                    throw new Json.Bad("nodes[" + k + "]: not a non-empty string");
                }
                nodes.add((String) ns.get(k));
            }
            List<Object> es = Json.list(req, "edges");
            for (int k = 0; k < es.size(); k++) {
                Map<String, Object> e = Json.obj(es.get(k), "edges[" + k + "]");
                String f = Json.str(e, "from");
                String t = Json.str(e, "to");
                if (f.isEmpty() || t.isEmpty()) {
                    throw new Json.Bad("edges[" + k + "]: an empty end");
                }
                nodes.add(f);
                nodes.add(t);
                if (f.equals(t)) {
                    continue; // not one of the n(n-1) possible directed edges
                }
                if (edges.add(f + "\u0000" + t)) {
                    degree.merge(f, 1, Integer::sum);
                    degree.merge(t, 1, Integer::sum);
                }
            }
        }

        double multiplier() {
            long n = nodes.size();
            if (n < 2) {
                return 1.0;
            }
            long max = n * (n - 1);
            if (Main.bug("undirected")) {
                max /= 2;
            }
            long e = edges.size();
            // density < 0.01  <=>  100 e < max, exactly
            if (e * 100 < max) {
                return Main.bug("cold-2x") ? 2.0 : 1.5;
            }
            boolean growing = Main.reading("table-boundary") ? e * 10 <= max : e * 10 < max;
            if (growing) {
                return 2.0;
            }
            return Main.bug("mature-2x") ? 2.0 : 3.0;
        }
    }

    static Map<String, Object> multiplierOp(Map<String, Object> req) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("multiplier", new Graph(req).multiplier());
        return m;
    }

    static List<String> words(String s) {
        List<String> w = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < s.length(); ) {
            int cp = s.codePointAt(k);
            if (Character.isLetterOrDigit(cp)) {
                b.appendCodePoint(Character.toLowerCase(cp));
            } else if (b.length() > 0) {
                w.add(b.toString());
                b.setLength(0);
            }
            k += Character.charCount(cp);
        }
        if (b.length() > 0) {
            w.add(b.toString());
        }
        return w;
    }

    /** Cosine similarity of two bags of words. */
    static double cosine(List<String> a, List<String> b) {
        Map<String, Integer> fa = new HashMap<>();
        Map<String, Integer> fb = new HashMap<>();
        for (String w : a) {
            fa.merge(w, 1, Integer::sum);
        }
        for (String w : b) {
            fb.merge(w, 1, Integer::sum);
        }
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (Map.Entry<String, Integer> e : fa.entrySet()) {
            na += (double) e.getValue() * e.getValue();
            Integer o = fb.get(e.getKey());
            if (o != null) {
                dot += (double) e.getValue() * o;
            }
        }
        for (int v : fb.values()) {
            nb += (double) v * v;
        }
        return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
    }

    static final class Tool {
        String id;
        double semantic;
        double hybrid;
        int rank;
    }

    static Map<String, Object> expand(Map<String, Object> req) {
        Graph g = new Graph(req);
        long limit = Json.integer(req, "limit");
        if (limit < 0) {
            throw new Json.Bad("limit " + limit + " is negative");
        }
        List<String> q = words(Json.str(req, "query"));
        List<Object> ts = Json.list(req, "tools");
        List<Tool> tools = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int k = 0; k < ts.size(); k++) {
            Map<String, Object> t = Json.obj(ts.get(k), "tools[" + k + "]");
            Tool x = new Tool();
            x.id = Json.str(t, "id");
            if (x.id.isEmpty()) {
                throw new Json.Bad("tools[" + k + "]: empty id");
            }
            if (!ids.add(x.id)) {
                throw new Json.Bad("tool \"" + x.id + "\": id appears twice");
            }
            List<String> w = words(Json.str(t, "description"));
            w.addAll(words(x.id));
            x.semantic = cosine(q, w);
            tools.add(x);
        }
        double m = g.multiplier();
        double prod = limit * m;
        long asked = (long) (Main.bug("asked-floor") ? Math.floor(prod) : Math.ceil(prod));
        // The semantic stage: the best `asked` tools by similarity to the query.
        tools.sort(Comparator.comparingDouble((Tool t) -> -t.semantic).thenComparing(t -> t.id));
        List<Tool> cands = new ArrayList<>(tools.subList(0, (int) Math.min(asked, tools.size())));
        // Re-rank: semantic score plus a graph boost by the tool's degree in the usage graph.
        int maxDeg = 0;
        for (int d : g.degree.values()) {
            maxDeg = Math.max(maxDeg, d);
        }
        for (int k = 0; k < cands.size(); k++) {
            Tool t = cands.get(k);
            double graph = maxDeg == 0 ? 0 : (double) g.degree.getOrDefault(t.id, 0) / maxDeg;
            t.hybrid = 0.7 * t.semantic + 0.3 * graph;
            t.rank = k;
        }
        List<Tool> ranked = new ArrayList<>(cands);
        ranked.sort(Comparator.comparingDouble((Tool t) -> -t.hybrid).thenComparingInt(t -> t.rank));
        long take = Main.bug("ids-over-limit") ? ranked.size() : Math.min(limit, ranked.size());
        List<Object> out = new ArrayList<>();
        for (int k = 0; k < take; k++) {
            out.add(ranked.get(k).id);
        }
        List<Object> cj = new ArrayList<>();
        for (Tool t : cands) {
            cj.add(t.id);
        }
        Map<String, Object> res = new LinkedHashMap<>();
        res.put("multiplier", m);
        res.put("asked", asked);
        res.put("candidates", cj);
        res.put("ids", out);
        return res;
    }
}
