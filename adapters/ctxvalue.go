package adapters

import "context"

// ctxKey is the context key under which a caller hands an operation a *T
// (a repair log, a self-timing request): one key per type, so no two values
// collide.
type ctxKey[T any] struct{}

// withValue returns ctx carrying v as its *T.
func withValue[T any](ctx context.Context, v *T) context.Context {
	return context.WithValue(ctx, ctxKey[T]{}, v)
}

// valueOf returns the *T ctx carries, or nil.
func valueOf[T any](ctx context.Context) *T {
	v, _ := ctx.Value(ctxKey[T]{}).(*T)
	return v
}
