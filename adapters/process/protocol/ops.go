package protocol

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/densify"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// Op is one operation of the protocol: the name a request carries, the
// standards it serves, the Go types its request and answer are encoded
// from, and how to call it on an in-process adapter.
//
// Adding an operation to the protocol is one row of the table (ops, in the
// op_*.go files) and one method of Adapter that calls roundTrip.
type Op struct {
	Name      string              // the "op" of a request, e.g. "inflate"
	Standards []adapters.Standard // declaring one of these means providing this op
	Request   reflect.Type        // what the "request" field decodes to
	Answer    reflect.Type        // what the "result" field decodes to
	Calls     bool                // the implementation makes provider calls while it works

	call func(ctx context.Context, a adapters.Adapter, req any, p densify.Provider) (any, error)
	sane func(req, ans any, u unit.Unit) error // ans is a *Answer: boxing a pointer allocates nothing
}

// define builds a row of the table from typed functions: call is the
// operation on I, the operation interface of package adapters an adapter
// must implement to provide it (else the call fails as not provided). sane
// may be nil; it checks an answer's structure (offsets in range, known IDs)
// before any requirement sees it, and its error makes the call a fault.
func define[I, Req, Ans any](name string, stds []adapters.Standard, calls bool,
	call func(in I, ctx context.Context, req Req, p densify.Provider) (Ans, error),
	sane func(req Req, ans Ans, u unit.Unit) error) Op {
	op := Op{
		Name:      name,
		Standards: stds,
		Request:   reflect.TypeFor[Req](),
		Answer:    reflect.TypeFor[Ans](),
		Calls:     calls,
		call: func(ctx context.Context, a adapters.Adapter, req any, p densify.Provider) (any, error) {
			in, ok := a.(I)
			if !ok {
				var zero Ans
				return zero, notProvided(a, name)
			}
			return call(in, ctx, req.(Req), p)
		},
	}
	if sane != nil {
		op.sane = func(req, ans any, u unit.Unit) error { return sane(req.(Req), *ans.(*Ans), u) }
	}
	return op
}

// plain is the call of an operation that makes no provider calls: m is its
// method on its interface, e.g. adapters.Inflater.Inflate.
func plain[I, Req, Ans any](m func(I, context.Context, Req) (Ans, error)) func(I, context.Context, Req, densify.Provider) (Ans, error) {
	return func(in I, ctx context.Context, req Req, _ densify.Provider) (Ans, error) { return m(in, ctx, req) }
}

// ops is the table, in the order of adapters.Standards.
var ops = []Op{
	inflateOp,
	assembleOp,
	radialIngestOp, radialWindowsOp, radialSplitOp,
	elasticRadiusOp, elasticCensusOp, elasticHydrateOp,
	fuzzySearchOp, fuzzyTrigramsOp,
	densifyOp,
	expandMultiplierOp, expandOp,
}

// Compile-time check: the process adapter provides every operation
// interface, so declaring a standard in "started" is enough.
var (
	_ adapters.Inflater       = (*Adapter)(nil)
	_ adapters.Assembler      = (*Adapter)(nil)
	_ adapters.RadialInflater = (*Adapter)(nil)
	_ adapters.Hydrator       = (*Adapter)(nil)
	_ adapters.Searcher       = (*Adapter)(nil)
	_ adapters.Densifier      = (*Adapter)(nil)
	_ adapters.Expander       = (*Adapter)(nil)
)

// Ops lists every operation the protocol carries.
func Ops() []Op { return slices.Clone(ops) }

// Lookup returns the operation named name.
func Lookup(name string) (Op, bool) {
	for _, op := range ops {
		if op.Name == name {
			return op, true
		}
	}
	return Op{}, false
}

// OpsFor returns the operations that serve standard s.
func OpsFor(s adapters.Standard) []Op {
	var out []Op
	for _, op := range ops {
		if slices.Contains(op.Standards, s) {
			out = append(out, op)
		}
	}
	return out
}

// Drivable lists the standards the protocol can drive, in report order.
func Drivable() []adapters.Standard {
	var out []adapters.Standard
	for _, s := range adapters.Standards() {
		if len(OpsFor(s)) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// Call decodes raw as the operation's request and calls a with it. p answers
// the provider calls of operations that make them (nil for the others). The
// answer is returned as a value of op.Answer.
func (op Op) Call(ctx context.Context, a adapters.Adapter, raw json.RawMessage, p densify.Provider) (any, error) {
	req, err := op.Decode(raw, nil)
	if err != nil {
		return nil, err
	}
	return op.call(ctx, a, req, p)
}

// Decode reads raw as the operation's request, a value of op.Request. docs,
// when not nil, are the request's documents, sent before under refs
// (capability "documents"): they fill its documents field.
func (op Op) Decode(raw json.RawMessage, docs []inflate.Document) (any, error) {
	req := reflect.New(op.Request)
	if err := json.Unmarshal(raw, req.Interface()); err != nil {
		return nil, &RequestError{Op: op.Name, Err: err}
	}
	if docs != nil {
		if err := fillDocuments(req, docs); err != nil {
			return nil, &RequestError{Op: op.Name, Err: err}
		}
	}
	return req.Elem().Interface(), nil
}

// Invoke calls a with a request that is already a value of op.Request.
func (op Op) Invoke(ctx context.Context, a adapters.Adapter, req any, p densify.Provider) (any, error) {
	if reflect.TypeOf(req) != op.Request {
		return nil, fmt.Errorf("%s: request is a %T, want %s", op.Name, req, op.Request)
	}
	return op.call(ctx, a, req, p)
}

// decodeLine is Decode on the "request" field of a whole message line.
func (op Op) decodeLine(line []byte, docs []inflate.Document) (any, error) {
	req, err := decodePayload(line, "request", op.Request)
	if err != nil {
		return nil, &RequestError{Op: op.Name, Err: err}
	}
	if docs != nil {
		if err := fillDocuments(req, docs); err != nil {
			return nil, &RequestError{Op: op.Name, Err: err}
		}
	}
	return req.Elem().Interface(), nil
}

// RequestError is a request that does not decode as its operation's request
// type.
type RequestError struct {
	Op  string
	Err error
}

func (e *RequestError) Error() string {
	return fmt.Sprintf("%s request does not decode: %v", e.Op, e.Err)
}
func (e *RequestError) Unwrap() error { return e.Err }

// notProvided is the error of an in-process adapter that lacks the
// operation's interface.
func notProvided(a adapters.Adapter, op string) error {
	return fmt.Errorf("%s does not provide %s: %w", a.Info().Name, op, adapters.ErrNotImplemented)
}

var errNoProvider = errors.New("this operation was given no provider")
