import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** std105 §2 (elastic radius: census, calculation, hydration) and §4 (constraints). */
final class Elastic {
    static final long MIN_RADIUS = 200;
    static final long MAX_RADIUS = 32000;

    private Elastic() {
    }

    /** ElasticRadius = Clamp(GlobalBudget / TotalHits / 2, 200, 32000). */
    static long radius(long budget, long hits) {
        long lo = Main.bug("radius-floor-100") ? 100 : MIN_RADIUS;
        if (hits == 0) {
            return Main.reading("zero-hits-min") ? lo : MAX_RADIUS;
        }
        long r;
        if (Main.bug("radius-no-half")) {
            r = budget / hits;
        } else if (Main.reading("radius-round")) {
            r = Math.round((double) budget / hits / 2.0);
        } else {
            r = budget / hits / 2;
        }
        r = Math.max(lo, r);
        if (!Main.bug("radius-no-max")) {
            r = Math.min(MAX_RADIUS, r);
        }
        return r;
    }

    static Map<String, Object> radiusOp(Map<String, Object> req) {
        long budget = Json.integer(req, "budget");
        long hits = Json.integer(req, "hits");
        if (budget <= 0) {
            throw new Json.Bad("budget " + budget + " is not positive");
        }
        if (hits < 0) {
            throw new Json.Bad("hits " + hits + " is negative");
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("radius", radius(budget, hits));
        return m;
    }

    // ---- census ----

    static boolean wordChar(int cp) {
        if (cp == '_') {
            return !Main.reading("census-no-underscore");
        }
        int t = Character.getType(cp);
        return Character.isLetterOrDigit(cp) || t == Character.NON_SPACING_MARK
                || t == Character.COMBINING_SPACING_MARK || t == Character.ENCLOSING_MARK;
    }

    static int fold(int cp) {
        return Main.bug("census-case-sensitive") ? cp : Character.toLowerCase(cp);
    }

    static Map<String, Object> census(Map<String, Object> req) {
        LinkedHashMap<String, Map<String, Object>> docs = Main.documentsById(req);
        List<Object> ts = Json.list(req, "terms");
        List<String> terms = new ArrayList<>();
        List<int[]> folded = new ArrayList<>();
        for (int k = 0; k < ts.size(); k++) {
            if (!(ts.get(k) instanceof String)) {
                throw new Json.Bad("terms[" + k + "]: not a string");
            }
            String t = (String) ts.get(k);
            if (t.isEmpty()) {
                throw new Json.Bad("terms[" + k + "]: empty term");
            }
            terms.add(t);
            folded.add(t.codePoints().map(Elastic::fold).toArray());
        }
        List<Object> atoms = new ArrayList<>();
        for (Map.Entry<String, Map<String, Object>> e : docs.entrySet()) {
            String body = (String) e.getValue().get("body");
            TreeMap<Integer, String> found = new TreeMap<>();
            for (int ti = 0; ti < terms.size(); ti++) {
                int[] t = folded.get(ti);
                boolean wordStart = wordChar(terms.get(ti).codePointAt(0));
                boolean wordEnd = wordChar(terms.get(ti).codePointBefore(terms.get(ti).length()));
                int prev = -1;
                for (int p = 0; p < body.length(); ) {
                    int cp = body.codePointAt(p);
                    boolean okStart = Main.bug("census-substring") || !wordStart || prev < 0 || !wordChar(prev);
                    if (okStart && !found.containsKey(p)) {
                        int q = p;
                        int j = 0;
                        while (j < t.length && q < body.length()) {
                            int c = body.codePointAt(q);
                            if (fold(c) != t[j]) {
                                break;
                            }
                            q += Character.charCount(c);
                            j++;
                        }
                        if (j == t.length) {
                            boolean okEnd = Main.bug("census-substring") || !wordEnd || q >= body.length()
                                    || !wordChar(body.codePointAt(q));
                            if (okEnd) {
                                found.put(p, terms.get(ti));
                            }
                        }
                    }
                    prev = cp;
                    p += Character.charCount(cp);
                }
            }
            for (Map.Entry<Integer, String> f : found.entrySet()) {
                Map<String, Object> a = new LinkedHashMap<>();
                a.put("compound_id", e.getKey());
                a.put("atom_label", f.getValue());
                a.put("byte_offset", (long) f.getKey());
                a.put("score", 1L);
                atoms.add(a);
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("atoms", atoms);
        return m;
    }

    // ---- hydration ----

    static final class Atom {
        String doc;
        String label;
        int offset;
        double score;
        int docOrder;
        int order;

        Map<String, Object> json() {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put("compound_id", doc);
            a.put("atom_label", label);
            a.put("byte_offset", (long) offset);
            a.put("score", score);
            return a;
        }
    }

    /** Unicode White_Space. */
    static boolean space(int c) {
        return (c >= 9 && c <= 13) || c == 32 || c == 0x85 || c == 0xA0 || c == 0x1680
                || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F
                || c == 0x205F || c == 0x3000;
    }

    /** What windows of one document cost: their length, or in code their non-white-space units. */
    static final class Doc {
        final String id;
        final String body;
        final boolean code;
        final int order;
        int[] ink; // prefix sums of non-white-space code units, for code
        final TreeMap<Integer, Integer> union = new TreeMap<>();

        Doc(String id, Map<String, Object> d, int order) {
            this.id = id;
            this.body = (String) d.get("body");
            this.code = "code".equals(Json.str(d, "kind"));
            this.order = order;
            if (code) {
                ink = new int[body.length() + 1];
                for (int k = 0; k < body.length(); k++) {
                    ink[k + 1] = ink[k] + (space(body.charAt(k)) ? 0 : 1);
                }
            }
        }

        long cost(int s, int e) {
            return code ? ink[e] - ink[s] : e - s;
        }

        /** The cost the union would grow by if [s, e] joined it (touching windows merge). */
        long delta(int s, int e) {
            int ns = s;
            int ne = e;
            long old = 0;
            Map.Entry<Integer, Integer> f = union.floorEntry(e);
            while (f != null && f.getValue() >= s) {
                old += cost(f.getKey(), f.getValue());
                ns = Math.min(ns, f.getKey());
                ne = Math.max(ne, f.getValue());
                f = union.lowerEntry(f.getKey());
            }
            return cost(ns, ne) - old;
        }

        void add(int s, int e) {
            int ns = s;
            int ne = e;
            Map.Entry<Integer, Integer> f = union.floorEntry(e);
            while (f != null && f.getValue() >= s) {
                ns = Math.min(ns, f.getKey());
                ne = Math.max(ne, f.getValue());
                union.remove(f.getKey());
                f = union.floorEntry(e);
            }
            union.put(ns, ne);
        }
    }

    static Map<String, Object> hydrate(Map<String, Object> req) {
        LinkedHashMap<String, Map<String, Object>> raw = Main.documentsById(req);
        Map<String, Doc> docs = new LinkedHashMap<>();
        int o = 0;
        for (Map.Entry<String, Map<String, Object>> e : raw.entrySet()) {
            docs.put(e.getKey(), new Doc(e.getKey(), e.getValue(), o++));
        }
        long budget = Json.integer(req, "budget");
        if (budget <= 0) {
            throw new Json.Bad("budget " + budget + " is not positive");
        }
        List<Object> as = Json.list(req, "atoms");
        Map<String, Atom> distinct = new LinkedHashMap<>();
        for (int k = 0; k < as.size(); k++) {
            Map<String, Object> a = Json.obj(as.get(k), "atoms[" + k + "]");
            Atom x = new Atom();
            x.doc = Json.str(a, "compound_id");
            x.label = Json.str(a, "atom_label");
            Doc d = docs.get(x.doc);
            if (d == null) {
                throw new Json.Bad("atoms[" + k + "]: compound_id \"" + x.doc + "\" names no document");
            }
            long off = Json.integer(a, "byte_offset");
            if (off < 0 || off > d.body.length()) {
                throw new Json.Bad("atoms[" + k + "]: byte_offset " + off + " is outside document \"" + x.doc
                        + "\" of length " + d.body.length());
            }
            x.offset = (int) off;
            if (Main.insidePair(d.body, x.offset)) {
                throw new Json.Bad("atoms[" + k + "]: byte_offset " + off + " cuts a character");
            }
            x.score = Json.number(a, "score");
            if (Double.isNaN(x.score)) {
                throw new Json.Bad("atoms[" + k + "]: score is not a number");
            }
            x.docOrder = d.order;
            x.order = k;
            String key = x.doc + "\u0000" + x.offset + "\u0000" + x.label;
            Atom prev = distinct.get(key);
            if (prev == null) {
                distinct.put(key, x);
            } else if (x.score > prev.score) {
                prev.score = x.score;
            }
        }
        List<Atom> atoms = new ArrayList<>(distinct.values());
        long hits = atoms.size();
        long r = radius(budget, hits);
        atoms.sort(Comparator.comparingDouble((Atom a) -> -a.score).thenComparingInt(a -> a.docOrder)
                .thenComparingInt(a -> a.offset).thenComparingInt(a -> a.order));
        List<Atom> kept = new ArrayList<>();
        List<Atom> dropped = new ArrayList<>();
        long used = 0;
        for (Atom a : atoms) {
            Doc d = docs.get(a.doc);
            int s = (int) Math.max(0, a.offset - r);
            int e = (int) Math.min(d.body.length(), a.offset + r);
            if (Main.insidePair(d.body, s)) {
                s++;
            }
            if (Main.insidePair(d.body, e)) {
                e--;
            }
            long delta = d.delta(s, e);
            if (used + delta <= budget || Main.bug("hydrate-over-budget")) {
                d.add(s, e);
                used += delta;
                kept.add(a);
            } else {
                dropped.add(a);
            }
        }
        // Windows: each document's union, in document order and by start, with its atoms.
        Map<String, List<Atom>> keptByDoc = new HashMap<>();
        for (Atom a : kept) {
            keptByDoc.computeIfAbsent(a.doc, x -> new ArrayList<>()).add(a);
        }
        List<Object> windows = new ArrayList<>();
        long total = 0;
        for (Doc d : docs.values()) {
            List<Atom> mine = keptByDoc.getOrDefault(d.id, new ArrayList<>());
            mine.sort(Comparator.comparingInt((Atom a) -> a.offset).thenComparing(a -> a.label));
            TreeMap<Integer, List<Atom>> members = new TreeMap<>();
            for (Atom a : mine) {
                Map.Entry<Integer, Integer> f = d.union.floorEntry(a.offset);
                int key = f != null && f.getValue() >= a.offset ? f.getKey() : d.union.ceilingKey(a.offset);
                members.computeIfAbsent(key, x -> new ArrayList<>()).add(a);
            }
            for (Map.Entry<Integer, Integer> w : d.union.entrySet()) {
                List<Atom> in = members.getOrDefault(w.getKey(), new ArrayList<>());
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("compound_id", d.id);
                m.put("start", (long) w.getKey());
                m.put("end", (long) w.getValue());
                m.put("text", d.body.substring(w.getKey(), w.getValue()));
                long c = d.cost(w.getKey(), w.getValue());
                total += c;
                m.put("cost", c);
                double best = Double.NEGATIVE_INFINITY;
                List<Object> aj = new ArrayList<>();
                for (Atom a : in) {
                    best = Math.max(best, a.score);
                    aj.add(a.json());
                }
                m.put("score", in.isEmpty() ? 0.0 : best);
                m.put("atoms", aj);
                windows.add(m);
            }
        }
        Map<String, Object> res = new LinkedHashMap<>();
        res.put("budget", budget);
        res.put("hits", hits);
        res.put("radius", r);
        res.put("capacity", budget / (2 * r));
        res.put("kept", json(kept));
        res.put("dropped", json(dropped));
        res.put("windows", windows);
        res.put("used", total);
        return res;
    }

    static List<Object> json(List<Atom> as) {
        List<Object> l = new ArrayList<>();
        for (Atom a : as) {
            l.add(a.json());
        }
        return l;
    }
}
