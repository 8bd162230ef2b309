import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** std085 §2 (context inflation) and §3 (dynamic density). */
final class Inflate {
    static final int MERGE_THRESHOLD = 500;
    static final int MIN_VIABLE = 150;
    static final int MIN_PADDING = 50;
    static final int MAX_PADDING = 500;
    static final int STATIC_CAP = 2500;

    private Inflate() {
    }

    static final class Hit {
        String id;
        String doc;
        int start;
        int end;
        double score;
        int order;
    }

    static final class Win {
        String doc;
        int spanStart;
        int spanEnd;
        int start;
        int end;
        double score = Double.NEGATIVE_INFINITY;
        final List<Hit> hits = new ArrayList<>();
        int docOrder;
    }

    static Map<String, Object> inflate(Map<String, Object> req) {
        LinkedHashMap<String, Map<String, Object>> docs = Main.documentsById(req);
        List<Object> raw = Json.list(req, "hits");
        List<Hit> hits = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int k = 0; k < raw.size(); k++) {
            Map<String, Object> h = Json.obj(raw.get(k), "hits[" + k + "]");
            Hit x = new Hit();
            x.id = Json.str(h, "id");
            if (x.id.isEmpty()) {
                throw new Json.Bad("hits[" + k + "]: empty id");
            }
            if (!ids.add(x.id)) {
                throw new Json.Bad("hit \"" + x.id + "\": id appears twice");
            }
            x.doc = Json.str(h, "compound_id");
            Map<String, Object> d = docs.get(x.doc);
            if (d == null) {
                throw new Json.Bad("hit \"" + x.id + "\": compound_id \"" + x.doc + "\" names no document");
            }
            String body = (String) d.get("body");
            long s = Json.integer(h, "start");
            long e = Json.integer(h, "end");
            if (s < 0 || e > body.length() || s > e) {
                throw new Json.Bad("hit \"" + x.id + "\": [" + s + ", " + e + ") is outside its document of length "
                        + body.length() + " or ends before it starts");
            }
            x.start = (int) s;
            x.end = (int) e;
            if (Main.insidePair(body, x.start) || Main.insidePair(body, x.end)) {
                throw new Json.Bad("hit \"" + x.id + "\": an edge cuts a character");
            }
            Object sc = h.get("score");
            x.score = sc instanceof Number ? ((Number) sc).doubleValue() : 0;
            if (Double.isNaN(x.score)) {
                throw new Json.Bad("hit \"" + x.id + "\": score is not a number");
            }
            x.order = k;
            hits.add(x);
        }

        boolean hasBudget = Json.has(req, "budget");
        long cap;
        long pad;
        List<Hit> kept = new ArrayList<>(hits);
        List<Hit> dropped = new ArrayList<>();
        if (!hasBudget) {
            cap = Main.bug("cap-plus-one") ? STATIC_CAP + 1 : STATIC_CAP;
            pad = Main.reading("pad-200-static") ? 200 : clampPad(STATIC_CAP / 2);
        } else {
            long budget = Json.integer(req, "budget");
            if (budget <= 0) {
                throw new Json.Bad("budget " + budget + " is not positive");
            }
            long n = hits.size();
            // Reading window-floor-200: §3.2's MIN_WINDOW_CAP (200) is the minimum viable size.
            final long minViable = Main.reading("window-floor-200") ? 200 : MIN_VIABLE;
            long minTotal = n * minViable;
            boolean squeeze = minTotal > budget;
            if (squeeze) {
                long safe = Main.bug("squeeze-ceil") ? (budget + minViable - 1) / minViable : budget / minViable;
                List<Hit> ranked = new ArrayList<>(hits);
                if (!Main.reading("squeeze-input-order")) {
                    ranked.sort(Comparator.comparingDouble((Hit h) -> -h.score).thenComparingInt(h -> h.order));
                }
                kept = new ArrayList<>(ranked.subList(0, (int) Math.min(safe, ranked.size())));
                dropped = new ArrayList<>(ranked.subList((int) Math.min(safe, ranked.size()), ranked.size()));
                cap = minViable;
                if (Main.reading("squeeze-share") && !kept.isEmpty()) {
                    cap = budget / kept.size();
                }
            } else if (n == 0) {
                cap = STATIC_CAP;
            } else if (Main.bug("share-per-compound")) {
                // ResultsCount misread as the number of compounds the hits lie in
                Set<String> compounds = new HashSet<>();
                for (Hit h : hits) {
                    compounds.add(h.doc);
                }
                cap = budget / compounds.size();
            } else {
                cap = Main.bug("share-ceil") ? (budget + n - 1) / n : budget / n;
            }
            pad = clampPad(cap / 2);
        }
        if (Main.bug("no-padding")) {
            pad = 0;
        }

        // Grouping by compound_id (in the order of the documents), sorting by start, merging.
        Map<String, List<Hit>> byDoc = new LinkedHashMap<>();
        for (String id : docs.keySet()) {
            byDoc.put(id, new ArrayList<>());
        }
        for (Hit h : kept) {
            byDoc.get(h.doc).add(h);
        }
        List<Win> all = new ArrayList<>();
        int docOrder = 0;
        for (Map.Entry<String, List<Hit>> e : byDoc.entrySet()) {
            List<Hit> hs = e.getValue();
            String body = (String) docs.get(e.getKey()).get("body");
            int len = body.length();
            if (!Main.bug("no-sort")) {
                hs.sort(Comparator.comparingInt((Hit h) -> h.start).thenComparingInt(h -> h.end)
                        .thenComparingInt(h -> h.order));
            }
            List<Win> ws = new ArrayList<>();
            Win cur = null;
            for (Hit h : hs) {
                if (cur != null) {
                    long gap = (long) h.start - cur.spanEnd;
                    boolean near = Main.bug("merge-at-500") ? gap <= MERGE_THRESHOLD : gap < MERGE_THRESHOLD;
                    long span = (long) Math.max(cur.spanEnd, h.end) - cur.spanStart;
                    // A hit that overlaps the open window's span, or adds nothing to it, joins it
                    // even past the cap (truncation then applies): disjoint windows cannot both hold it.
                    boolean fits = Main.reading("merge-then-truncate") || span <= cap || h.start < cur.spanEnd
                            || h.end <= cur.spanEnd;
                    if (near && fits) {
                        cur.spanEnd = Math.max(cur.spanEnd, h.end);
                        cur.hits.add(h);
                        cur.score = Math.max(cur.score, h.score);
                        continue;
                    }
                }
                cur = new Win();
                cur.doc = e.getKey();
                cur.docOrder = docOrder;
                cur.spanStart = h.start;
                cur.spanEnd = h.end;
                cur.hits.add(h);
                cur.score = h.score;
                ws.add(cur);
            }
            for (Win w : ws) {
                place(w, pad, cap, len);
            }
            // Windows of one document never overlap: split an overlap between the two spans.
            for (int k = 0; k + 1 < ws.size(); k++) {
                Win a = ws.get(k);
                Win b = ws.get(k + 1);
                if (a.end > b.start) {
                    long mid = ((long) a.spanEnd + b.spanStart) / 2;
                    mid = Math.min(mid, Math.min(a.end, b.end));
                    mid = Math.max(mid, Math.max(a.start, b.start));
                    if (Main.insidePair(body, (int) mid)) {
                        mid--;
                    }
                    a.end = (int) mid;
                    b.start = (int) mid;
                }
            }
            int prevEnd = Integer.MIN_VALUE;
            for (Win w : ws) {
                if (!Main.bug("no-clamp-start")) {
                    if (Main.insidePair(body, w.start)) {
                        w.start++;
                    }
                    if (Main.insidePair(body, w.end)) {
                        w.end--;
                    }
                }
                if (w.start < prevEnd) {
                    w.start = prevEnd;
                }
                if (w.end < w.start) {
                    w.end = w.start;
                }
                prevEnd = w.end;
            }
            all.addAll(ws);
            docOrder++;
        }
        // Output best first; a stable sort keeps document order and position among equal scores.
        all.sort(Comparator.comparingDouble((Win w) -> -w.score));
        List<Object> windows = new ArrayList<>();
        for (Win w : all) {
            String body = (String) docs.get(w.doc).get("body");
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("compound_id", w.doc);
            m.put("start", (long) w.start);
            m.put("end", (long) w.end);
            String text = body.substring(Math.max(0, w.start), Math.min(body.length(), Math.max(0, w.end)));
            if (Main.bug("markers-in-text")) {
                text = "..." + text + "...";
            }
            m.put("text", text);
            List<Object> hid = new ArrayList<>();
            for (Hit h : w.hits) {
                hid.add(h.id);
            }
            m.put("hits", hid);
            m.put("score", w.score);
            windows.add(m);
        }
        Map<String, Object> res = new LinkedHashMap<>();
        res.put("windows", windows);
        if (!dropped.isEmpty()) {
            List<Object> d = new ArrayList<>();
            for (Hit h : dropped) {
                d.add(h.id);
            }
            res.put("dropped", d);
        }
        return res;
    }

    static long clampPad(long p) {
        if (Main.bug("pad-no-max")) {
            return Math.max(MIN_PADDING, p);
        }
        return Math.max(MIN_PADDING, Math.min(MAX_PADDING, p));
    }

    /** Pads a window's span, clamps it to the document, then truncates it to the cap. */
    static void place(Win w, long pad, long cap, int len) {
        long s = w.spanStart - pad;
        long e = w.spanEnd + pad;
        if (!Main.bug("no-clamp-start")) {
            s = Math.max(0, s);
        }
        e = Math.min(len, e);
        if (e - s > cap && !Main.bug("no-truncate")) {
            long span = w.spanEnd - w.spanStart;
            if (span >= cap) {
                // The hits alone exceed the cap: cut strictly at the limit from their start.
                s = w.spanStart;
                e = w.spanStart + cap;
            } else {
                // Keep the hits whole and share the room left between the two sides.
                long room = cap - span;
                long leftAvail = w.spanStart - s;
                long rightAvail = e - w.spanEnd;
                long left = Math.min(leftAvail, room / 2);
                long right = Math.min(rightAvail, room - left);
                left = Math.min(leftAvail, room - right);
                s = w.spanStart - left;
                e = w.spanEnd + right;
            }
        }
        w.start = (int) s;
        w.end = (int) e;
    }
}
