import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * std105 §3: exact, prefix and trigram matching, with PostgreSQL 15 pg_trgm's trigrams in a glibc
 * UTF-8 locale (words of letters and digits, lower-cased per code point, padded "  word ").
 */
final class Fuzzy {
    private Fuzzy() {
    }

    private static final int[] CRC = new int[256];

    static {
        for (int n = 0; n < 256; n++) {
            int c = n;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
            }
            CRC[n] = c;
        }
    }

    /** A trigram: three bytes, packed as b0<<16 | b1<<8 | b2 (unsigned). */
    static int pack(byte[] b) {
        if (b.length == 3) {
            return ((b[0] & 0xFF) << 16) | ((b[1] & 0xFF) << 8) | (b[2] & 0xFF);
        }
        int crc = 0xFFFFFFFF;
        for (byte x : b) {
            crc = CRC[((crc >>> 24) ^ (x & 0xFF)) & 0xFF] ^ (crc << 8);
        }
        crc ^= 0xFFFFFFFF;
        // the first three bytes of the uint32 in memory (little-endian)
        return ((crc & 0xFF) << 16) | (((crc >>> 8) & 0xFF) << 8) | ((crc >>> 16) & 0xFF);
    }

    /** pg_trgm compares trigrams byte by byte as signed chars. */
    static int cmp(int a, int b) {
        for (int sh = 16; sh >= 0; sh -= 8) {
            int x = (byte) (a >>> sh);
            int y = (byte) (b >>> sh);
            if (x != y) {
                return x < y ? -1 : 1;
            }
        }
        return 0;
    }

    static boolean wordChar(int cp) {
        if (cp < 0x80) {
            return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9');
        }
        return Character.isAlphabetic(cp) || Character.isDigit(cp);
    }

    static String lower(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int k = 0; k < s.length(); ) {
            int cp = s.codePointAt(k);
            b.appendCodePoint(Character.toLowerCase(cp));
            k += Character.charCount(cp);
        }
        return b.toString();
    }

    /** The trigrams of s in order (generate_trgm_only); bounds, when not null, gets 1 left, 2 right. */
    static int[] trigrams(String s, List<Integer> bounds) {
        List<Integer> out = new ArrayList<>();
        int k = 0;
        while (k < s.length()) {
            int cp = s.codePointAt(k);
            if (!wordChar(cp)) {
                k += Character.charCount(cp);
                continue;
            }
            int from = k;
            while (k < s.length() && wordChar(s.codePointAt(k))) {
                k += Character.charCount(s.codePointAt(k));
            }
            String w = lower(s.substring(from, k));
            String padded = (Main.bug("fuzzy-one-pad") ? " " : "  ") + w + " ";
            int[] cps = padded.codePoints().toArray();
            int first = out.size();
            for (int i = 0; i + 2 < cps.length; i++) {
                String t = new String(cps, i, 3);
                out.add(pack(t.getBytes(StandardCharsets.UTF_8)));
            }
            if (bounds != null) {
                while (bounds.size() < out.size()) {
                    bounds.add(0);
                }
                if (out.size() > first) {
                    bounds.set(first, bounds.get(first) | 1);
                    bounds.set(out.size() - 1, bounds.get(out.size() - 1) | 2);
                }
            }
        }
        int[] r = new int[out.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = out.get(i);
        }
        return r;
    }

    /** Sorted, de-duplicated trigram set. */
    static int[] set(String s) {
        int[] t = trigrams(s, null);
        // Flipping each byte's top bit turns signed-byte order into plain int order.
        for (int i = 0; i < t.length; i++) {
            t[i] ^= 0x808080;
        }
        Arrays.sort(t);
        int n = 0;
        for (int i = 0; i < t.length; i++) {
            if (n == 0 || t[n - 1] != t[i] || Main.bug("fuzzy-no-dedupe")) {
                t[n++] = t[i];
            }
        }
        int[] r = Arrays.copyOf(t, n);
        for (int i = 0; i < n; i++) {
            r[i] ^= 0x808080;
        }
        return r;
    }

    static float similarity(String a, String b) {
        return similarity(set(a), set(b));
    }

    static float similarity(int[] x, int[] y) {
        if (x.length == 0 || y.length == 0) {
            return 0f;
        }
        int i = 0;
        int j = 0;
        int count = 0;
        while (i < x.length && j < y.length) {
            int c = cmp(x[i], y[j]);
            if (c < 0) {
                i++;
            } else if (c > 0) {
                j++;
            } else {
                count++;
                i++;
                j++;
            }
        }
        return (float) count / (float) (x.length + y.length - count);
    }

    static float calc(int count, int len1, int len2) {
        return (float) count / (float) (len1 + len2 - count);
    }

    /** word_similarity (strict false) and strict_word_similarity (strict true) of (a, b). */
    static float wordSimilarity(String a, String b, boolean strict) {
        int[] t1 = trigrams(a, null);
        List<Integer> bl = strict ? new ArrayList<>() : null;
        int[] t2 = trigrams(b, bl);
        int len1 = t1.length;
        int len2 = t2.length;
        int len = len1 + len2;
        // positional trigrams: index -1 for a's, position for b's; sorted by trigram then index
        long[][] p = new long[len][];
        for (int i = 0; i < len1; i++) {
            p[i] = new long[] {t1[i], -1};
        }
        for (int i = 0; i < len2; i++) {
            p[len1 + i] = new long[] {t2[i], i};
        }
        Arrays.sort(p, (u, v) -> {
            int c = cmp((int) u[0], (int) v[0]);
            return c != 0 ? c : Long.compare(u[1], v[1]);
        });
        int[] idx2 = new int[len2];
        boolean[] found = new boolean[Math.max(1, len)];
        int ulen1 = 0;
        int j = 0;
        for (int i = 0; i < len; i++) {
            if (i > 0 && cmp((int) p[i - 1][0], (int) p[i][0]) != 0) {
                if (found[j]) {
                    ulen1++;
                }
                j++;
            }
            if (p[i][1] >= 0) {
                idx2[(int) p[i][1]] = j;
            } else {
                found[j] = true;
            }
        }
        if (len > 0 && found[j]) {
            ulen1++;
        }
        int[] bounds = new int[len2];
        if (strict) {
            for (int i = 0; i < len2; i++) {
                bounds[i] = bl.get(i);
            }
        }
        int[] lastpos = new int[Math.max(1, len)];
        Arrays.fill(lastpos, -1);
        int ulen2 = 0;
        int count = 0;
        int lower = strict ? 0 : -1;
        float max = 0f;
        for (int i = 0; i < len2; i++) {
            int ti = idx2[i];
            if (lower >= 0 || found[ti]) {
                if (lastpos[ti] < 0) {
                    ulen2++;
                    if (found[ti]) {
                        count++;
                    }
                }
                lastpos[ti] = i;
            }
            boolean upperHere = strict ? (bounds[i] & 2) != 0 : found[ti];
            if (upperHere) {
                int upper = i;
                if (lower == -1) {
                    lower = i;
                    ulen2 = 1;
                }
                float cur = calc(count, ulen1, ulen2);
                int tmpCount = count;
                int tmpUlen2 = ulen2;
                int prevLower = lower;
                for (int tl = lower; tl <= upper; tl++) {
                    if (!strict || (bounds[tl] & 1) != 0) {
                        float tmp = calc(tmpCount, ulen1, tmpUlen2);
                        if (tmp > cur) {
                            cur = tmp;
                            ulen2 = tmpUlen2;
                            lower = tl;
                            count = tmpCount;
                        }
                    }
                    int tti = idx2[tl];
                    if (lastpos[tti] == tl) {
                        tmpUlen2--;
                        if (found[tti]) {
                            tmpCount--;
                        }
                    }
                }
                max = Math.max(max, cur);
                for (int tl = prevLower; tl < lower; tl++) {
                    int tti = idx2[tl];
                    if (lastpos[tti] == tl) {
                        lastpos[tti] = -1;
                    }
                }
            }
        }
        return max;
    }

    static String show(int t) {
        int b0 = (t >>> 16) & 0xFF;
        int b1 = (t >>> 8) & 0xFF;
        int b2 = t & 0xFF;
        if (printable(b0) && printable(b1) && printable(b2)) {
            return new String(new char[] {(char) b0, (char) b1, (char) b2});
        }
        return String.format("0x%06x", t);
    }

    static boolean printable(int b) {
        return b < 0x80 && (Character.isLetterOrDigit(b) || b == ' ');
    }

    static Map<String, Object> trigrams(Map<String, Object> req) {
        List<Object> strings = Json.list(req, "strings");
        List<Object> show = new ArrayList<>();
        List<Object> low = new ArrayList<>();
        for (int k = 0; k < strings.size(); k++) {
            if (!(strings.get(k) instanceof String)) {
                throw new Json.Bad("strings[" + k + "]: not a string");
            }
            String s = (String) strings.get(k);
            List<Object> l = new ArrayList<>();
            for (int t : set(s)) {
                l.add(show(t));
            }
            show.add(l);
            low.add(lower(s));
        }
        List<Object> sim = new ArrayList<>();
        List<Object> ws = new ArrayList<>();
        List<Object> sws = new ArrayList<>();
        List<Object> pairs = Json.list(req, "pairs");
        for (int k = 0; k < pairs.size(); k++) {
            Object p = pairs.get(k);
            if (!(p instanceof List) || ((List<?>) p).size() != 2 || !(((List<?>) p).get(0) instanceof String)
                    || !(((List<?>) p).get(1) instanceof String)) {
                throw new Json.Bad("pairs[" + k + "]: not a pair of strings");
            }
            String a = (String) ((List<?>) p).get(0);
            String b = (String) ((List<?>) p).get(1);
            sim.add(similarity(a, b));
            ws.add(wordSimilarity(a, b, false));
            sws.add(wordSimilarity(a, b, true));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("locale", "UTF8");
        m.put("show", show);
        m.put("lower", low);
        m.put("similarity", sim);
        m.put("word_similarity", ws);
        m.put("strict_word_similarity", sws);
        return m;
    }

    static final class Match {
        String id;
        String label;
        int tier;
        float sim;
        int order;
    }

    static final String[] TIERS = {"exact", "prefix", "trigram"};

    static Map<String, Object> search(Map<String, Object> req) {
        String term = Json.str(req, "term");
        if (term.isEmpty()) {
            throw new Json.Bad("term is empty");
        }
        double threshold = Json.has(req, "threshold") ? Json.number(req, "threshold") : 0.3;
        if (!(threshold >= 0 && threshold <= 1)) {
            throw new Json.Bad("threshold " + threshold + " is outside [0, 1]");
        }
        long limit = Json.integer(req, "limit");
        if (limit < 0) {
            throw new Json.Bad("limit " + limit + " is negative");
        }
        String lt = lower(term);
        int[] termSet = set(term); // once, not per entry: a term may be a megabyte long
        List<Object> es = Json.list(req, "entries");
        List<Match> ms = new ArrayList<>();
        for (int k = 0; k < es.size(); k++) {
            Map<String, Object> e = Json.obj(es.get(k), "entries[" + k + "]");
            Match m = new Match();
            m.id = Json.str(e, "id");
            m.label = Json.str(e, "label");
            m.order = k;
            m.sim = similarity(set(m.label), termSet);
            String ll = lower(m.label);
            boolean exact = Main.bug("fuzzy-no-lower") ? m.label.equals(term) : ll.equals(lt);
            boolean prefix = Main.reading("prefix-like") ? m.label.startsWith(term) : ll.startsWith(lt);
            boolean trgm = Main.reading("threshold-greater") ? m.sim > threshold : m.sim >= threshold;
            if (exact) {
                m.tier = 0;
            } else if (prefix) {
                m.tier = 1;
            } else if (trgm) {
                m.tier = 2;
            } else {
                continue;
            }
            ms.add(m);
        }
        if (Main.bug("fuzzy-tier-order")) {
            ms.sort(Comparator.comparingDouble((Match m) -> -m.sim).thenComparingInt(m -> m.order));
        } else {
            ms.sort(Comparator.comparingInt((Match m) -> m.tier).thenComparing((Match m) -> -m.sim)
                    .thenComparingInt(m -> m.order));
        }
        List<Object> out = new ArrayList<>();
        for (Match m : ms) {
            if (limit > 0 && out.size() >= limit) {
                break;
            }
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("id", m.id);
            j.put("label", m.label);
            j.put("tier", TIERS[m.tier]);
            j.put("similarity", m.sim);
            out.add(j);
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("locale", "UTF8");
        r.put("matches", out);
        return r;
    }
}
