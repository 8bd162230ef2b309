package wire

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEndpoint(t *testing.T) {
	for _, tt := range []struct{ base, want string }{
		{"", "https://api.example.com/v1/x"},
		{"http://h:8080", "http://h:8080/v1/x"},
		{"http://h:8080/", "http://h:8080/v1/x"},
		{"http://h:8080/v1", "http://h:8080/v1/x"},
		{"http://h:8080/v1/", "http://h:8080/v1/x"},
		{"http://h/proxy", "http://h/proxy/v1/x"},
	} {
		if got := Endpoint(tt.base, "https://api.example.com", "/v1/x"); got != tt.want {
			t.Errorf("Endpoint(%q) = %q, want %q", tt.base, got, tt.want)
		}
	}
}

func TestErrorShapes(t *testing.T) {
	tests := []struct {
		body               string
		typ, code, message string
	}{
		{`{"error":{"message":"m","type":"t","code":"c"}}`, "t", "c", "m"},
		{`{"error":{"message":"m","type":"t","code":400}}`, "t", "", "m"},
		{`{"error":{"message":"m","status":"RESOURCE_EXHAUSTED","code":429}}`, "RESOURCE_EXHAUSTED", "", "m"},
		{`[{"error":{"message":"m","status":"INVALID_ARGUMENT"}}]`, "INVALID_ARGUMENT", "", "m"},
		{`{"error":"plain"}`, "", "", "plain"},
		{`{"message":"top"}`, "", "", "top"},
		{`not json`, "", "", "not json"},
		{``, "", "", "Bad Gateway"},
	}
	for _, tt := range tests {
		e := Error("p", 502, []byte(tt.body))
		if e.Type != tt.typ || e.Code != tt.code || e.Message != tt.message || e.Status != 502 || e.Provider != "p" {
			t.Errorf("Error(%s) = %+v", tt.body, e)
		}
	}
}

func TestSnippet(t *testing.T) {
	s := Snippet([]byte(strings.Repeat("a", 2047) + "é" + "tail"))
	if len(s) != 2047 || !utf8.ValidString(s) {
		t.Errorf("snippet of %d bytes, valid %v; want 2047 bytes without the cut character", len(s), utf8.ValidString(s))
	}
}
