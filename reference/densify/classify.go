package densify

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// Class is what a failed provider call means for the densification flow.
type Class int

const (
	// Other is any failure chunking cannot fix: it is returned at once.
	Other Class = iota
	// Overflow is a context-window overflow: the only failure that makes the
	// flow switch to chunking or halve a budget.
	Overflow
	// RateLimit is a rate-limit or quota refusal. It is never an overflow,
	// even when its text talks about tokens or asks for a shorter prompt.
	RateLimit
)

// String returns "other", "overflow" or "rate_limit", the names used in
// fixtures/densify/errors.json.
func (c Class) String() string {
	switch c {
	case Overflow:
		return "overflow"
	case RateLimit:
		return "rate_limit"
	}
	return "other"
}

// ParseClass returns the Class named s.
func ParseClass(s string) (Class, error) {
	switch s {
	case "other":
		return Other, nil
	case "overflow":
		return Overflow, nil
	case "rate_limit":
		return RateLimit, nil
	}
	return Other, fmt.Errorf("unknown error class %q (want other, overflow or rate_limit)", s)
}

// IsContextOverflow reports whether err is a context-window overflow.
func IsContextOverflow(err error) bool { return Classify(err) == Overflow }

// Classify says what err means. The rules, in order:
//
//  1. nil, context.Canceled and context.DeadlineExceeded are Other (a
//     timeout is not an overflow, whatever the wrapping text says).
//  2. A *ProviderError (found with errors.As) with HTTP status 429 is
//     RateLimit, whatever its text.
//  3. The text is the ProviderError's type, code and message (the wrapping
//     text is ignored), or err.Error() when there is no ProviderError. It is
//     lower-cased and checked for rate-limit and quota signals first: any
//     signal makes it RateLimit.
//  4. Then for overflow signals: any makes it Overflow.
//  5. Everything else is Other.
//
// The signals are listed in rateLimitPhrases, rateLimitWords and
// overflowRules. Words such as "tpm" and "rpm" match only as whole words
// (bounded by characters other than ASCII letters and digits), so
// "httpmethod" or a model called "sharpmind" is not a rate-limit signal.
func Classify(err error) Class {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return Other
	}
	var text string
	var pe *ProviderError
	if errors.As(err, &pe) {
		if pe.Status == http.StatusTooManyRequests {
			return RateLimit
		}
		text = pe.Type + " " + pe.Code + " " + pe.Message
	} else {
		text = err.Error()
	}
	return ClassifyText(text)
}

// ClassifyText applies rules 3 to 5 of Classify to a message.
func ClassifyText(text string) Class {
	s := strings.ToLower(text)
	for _, p := range rateLimitPhrases {
		if strings.Contains(s, p) {
			return RateLimit
		}
	}
	for _, w := range rateLimitWords {
		if containsWord(s, w) {
			return RateLimit
		}
	}
	for _, rule := range overflowRules {
		if containsAll(s, rule) {
			return Overflow
		}
	}
	return Other
}

// rateLimitPhrases are lower-case substrings that mark a rate-limit or quota
// refusal (OpenAI rate_limit_exceeded and insufficient_quota, Anthropic
// rate_limit_error, Gemini RESOURCE_EXHAUSTED, Azure "token rate limit",
// Apple rateLimited, HTTP 429 quoted in a message).
var rateLimitPhrases = []string{
	"rate limit", "rate_limit", "ratelimit",
	"tokens per min", "requests per min", "tokens per day", "requests per day",
	"quota",
	"resource_exhausted", "resource exhausted", "resource has been exhausted",
	"too many requests",
	"http 429", "status 429", "status code 429", "status: 429", "code: 429",
	`"code":429`, `"code": 429`,
}

// rateLimitWords match only as whole words: tokens/requests per minute/day.
// A bare "429" is deliberately absent: "resulted in 429 tokens" is an
// overflow message.
var rateLimitWords = []string{"tpm", "rpm", "tpd", "rpd"}

// overflowRules are lower-case signals of a context-window overflow; a rule
// matches when the text contains every string in it.
var overflowRules = [][]string{
	{"context_length_exceeded"},          // OpenAI code
	{"context window"},                   // OpenAI "exceeds the context window", Apple
	{"contextwindow"},                    // Apple exceededContextWindowSize
	{"context_window"},                   // Anthropic stop reason model_context_window_exceeded
	{"maximum context length"},           // OpenAI, vLLM, Mistral, DeepSeek, OpenRouter
	{"max context length"},               // the original list
	{"prompt is too long"},               // Anthropic
	{"input is too long"},                // Anthropic via Bedrock
	{"context limit", "exceed"},          // Anthropic "input length and `max_tokens` exceed context limit"
	{"input token count", "exceed"},      // Gemini
	{"maximum number of tokens allowed"}, // Gemini
	{"exceed_context_size"},              // llama.cpp error type
	{"context size", "exceed"},           // llama.cpp, Apple contextSizeExceeded text
	{"contextsizeexceeded"},              // Apple LanguageModelError.contextSizeExceeded
	{"context length", "exceed"},         // Ollama "input length exceeds the context length"
	{"context length of only"},           // LM Studio
	{"input tokens exceed"},              // OpenAI "Input tokens exceed the configured limit"
}

func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// containsWord reports whether w occurs in s with no ASCII letter or digit
// right before or after it.
func containsWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(w)
		if (start == 0 || !isAlnum(s[start-1])) && (end == len(s) || !isAlnum(s[end])) {
			return true
		}
		i = start + 1
	}
}

func isAlnum(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
