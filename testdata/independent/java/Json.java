import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader and writer. Objects are LinkedHashMap (keys in order), arrays ArrayList,
 * numbers Long when they have no fraction or exponent and fit, else Double; strings String;
 * true/false Boolean; null null.
 */
final class Json {
    private final String s;
    private int i;

    private Json(String s) {
        this.s = s;
    }

    static Object parse(String text) {
        Json p = new Json(text);
        p.ws();
        Object v = p.value();
        p.ws();
        if (p.i != p.s.length()) {
            throw p.err("trailing characters");
        }
        return v;
    }

    private IllegalArgumentException err(String what) {
        return new IllegalArgumentException("json: " + what + " at offset " + i);
    }

    private void ws() {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                i++;
            } else {
                break;
            }
        }
    }

    private Object value() {
        if (i >= s.length()) {
            throw err("unexpected end");
        }
        char c = s.charAt(i);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                lit("true");
                return Boolean.TRUE;
            case 'f':
                lit("false");
                return Boolean.FALSE;
            case 'n':
                lit("null");
                return null;
            default:
                return number();
        }
    }

    private void lit(String w) {
        if (!s.startsWith(w, i)) {
            throw err("bad literal");
        }
        i += w.length();
    }

    private Map<String, Object> object() {
        Map<String, Object> m = new LinkedHashMap<>();
        i++;
        ws();
        if (i < s.length() && s.charAt(i) == '}') {
            i++;
            return m;
        }
        while (true) {
            ws();
            if (i >= s.length() || s.charAt(i) != '"') {
                throw err("expected a key");
            }
            String k = string();
            ws();
            if (i >= s.length() || s.charAt(i) != ':') {
                throw err("expected ':'");
            }
            i++;
            ws();
            m.put(k, value());
            ws();
            if (i >= s.length()) {
                throw err("unexpected end in object");
            }
            char c = s.charAt(i++);
            if (c == '}') {
                return m;
            }
            if (c != ',') {
                throw err("expected ',' or '}'");
            }
        }
    }

    private List<Object> array() {
        List<Object> a = new ArrayList<>();
        i++;
        ws();
        if (i < s.length() && s.charAt(i) == ']') {
            i++;
            return a;
        }
        while (true) {
            ws();
            a.add(value());
            ws();
            if (i >= s.length()) {
                throw err("unexpected end in array");
            }
            char c = s.charAt(i++);
            if (c == ']') {
                return a;
            }
            if (c != ',') {
                throw err("expected ',' or ']'");
            }
        }
    }

    private String string() {
        i++;
        StringBuilder b = null;
        int from = i;
        while (true) {
            if (i >= s.length()) {
                throw err("unterminated string");
            }
            char c = s.charAt(i);
            if (c == '"') {
                String out = b == null ? s.substring(from, i) : b.append(s, from, i).toString();
                i++;
                return out;
            }
            if (c == '\\') {
                if (b == null) {
                    b = new StringBuilder();
                }
                b.append(s, from, i);
                i++;
                if (i >= s.length()) {
                    throw err("bad escape");
                }
                char e = s.charAt(i++);
                switch (e) {
                    case '"': b.append('"'); break;
                    case '\\': b.append('\\'); break;
                    case '/': b.append('/'); break;
                    case 'b': b.append('\b'); break;
                    case 'f': b.append('\f'); break;
                    case 'n': b.append('\n'); break;
                    case 'r': b.append('\r'); break;
                    case 't': b.append('\t'); break;
                    case 'u':
                        if (i + 4 > s.length()) {
                            throw err("bad \\u escape");
                        }
                        b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                        break;
                    default:
                        throw err("bad escape");
                }
                from = i;
            } else {
                i++;
            }
        }
    }

    private Object number() {
        int from = i;
        boolean frac = false;
        if (i < s.length() && s.charAt(i) == '-') {
            i++;
        }
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                i++;
            } else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
                frac = true;
                i++;
            } else {
                break;
            }
        }
        String t = s.substring(from, i);
        if (t.isEmpty() || t.equals("-")) {
            throw err("bad value");
        }
        if (!frac) {
            try {
                return Long.parseLong(t);
            } catch (NumberFormatException ex) {
                return Double.parseDouble(t);
            }
        }
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException ex) {
            throw err("bad number " + t);
        }
    }

    // ---- writing ----

    static String write(Object v) {
        StringBuilder b = new StringBuilder();
        write(b, v);
        return b.toString();
    }

    @SuppressWarnings("unchecked")
    static void write(StringBuilder b, Object v) {
        if (v == null) {
            b.append("null");
        } else if (v instanceof String) {
            str(b, (String) v);
        } else if (v instanceof Boolean) {
            b.append(v.toString());
        } else if (v instanceof Long || v instanceof Integer) {
            b.append(v.toString());
        } else if (v instanceof Float) {
            float f = (Float) v;
            if (f == Math.rint(f) && Math.abs(f) < 1e7) {
                b.append((long) f);
            } else {
                b.append(Float.toString(f));
            }
        } else if (v instanceof Double) {
            double d = (Double) v;
            if (d == Math.rint(d) && Math.abs(d) < 1e15) {
                b.append((long) d);
            } else {
                b.append(Double.toString(d));
            }
        } else if (v instanceof Map) {
            b.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> e : ((Map<String, Object>) v).entrySet()) {
                if (!first) {
                    b.append(',');
                }
                first = false;
                str(b, e.getKey());
                b.append(':');
                write(b, e.getValue());
            }
            b.append('}');
        } else if (v instanceof List) {
            b.append('[');
            boolean first = true;
            for (Object o : (List<Object>) v) {
                if (!first) {
                    b.append(',');
                }
                first = false;
                write(b, o);
            }
            b.append(']');
        } else {
            throw new IllegalArgumentException("json: cannot write " + v.getClass());
        }
    }

    private static void str(StringBuilder b, String s) {
        b.append('"');
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default:
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
            }
        }
        b.append('"');
    }

    // ---- access helpers, each naming the field on error ----

    static final class Bad extends RuntimeException {
        Bad(String m) {
            super(m);
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> obj(Object v, String what) {
        if (!(v instanceof Map)) {
            throw new Bad(what + ": expected an object");
        }
        return (Map<String, Object>) v;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Map<String, Object> m, String k) {
        Object v = m.get(k);
        if (v == null) {
            return new ArrayList<>();
        }
        if (!(v instanceof List)) {
            throw new Bad("field \"" + k + "\": expected a list");
        }
        return (List<Object>) v;
    }

    static String str(Map<String, Object> m, String k) {
        Object v = m.get(k);
        if (v == null) {
            return "";
        }
        if (!(v instanceof String)) {
            throw new Bad("field \"" + k + "\": expected a string");
        }
        return (String) v;
    }

    static boolean has(Map<String, Object> m, String k) {
        return m.get(k) != null;
    }

    static long integer(Map<String, Object> m, String k) {
        Object v = m.get(k);
        if (v == null) {
            return 0;
        }
        if (v instanceof Long) {
            return (Long) v;
        }
        if (v instanceof Double) {
            double d = (Double) v;
            if (d == Math.rint(d) && Math.abs(d) < 9e18) {
                return (long) d;
            }
        }
        throw new Bad("field \"" + k + "\": expected an integer, got " + v);
    }

    static double number(Map<String, Object> m, String k) {
        Object v = m.get(k);
        if (v == null) {
            return 0;
        }
        if (v instanceof Number) {
            return ((Number) v).doubleValue();
        }
        throw new Bad("field \"" + k + "\": expected a number, got " + v);
    }
}
