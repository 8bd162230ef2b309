# ctxconform. `make conformance` needs only Go; `make test` also uses the
# PostgreSQL at 127.0.0.1:5432 when there is one (in CI it must be there).

GO       ?= go
BIN      := bin/conformance
PG_DSN   ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable
ADAPTERS ?= reference,postgres

.PHONY: all conformance build test lint check vectors docs bench matrix chromium clean upstream-casys pglite pglite-install

all: build

## conformance: build the binary and check the reference adapter (no server needed)
conformance: build
	$(BIN) run

## build: a static conformance binary in bin/ (no cgo: drop it into any Linux CI)
build:
	CGO_ENABLED=0 $(GO) build -trimpath -o $(BIN) ./cmd/conformance

## test: vet, formatting, then every test: unit tests, Ginkgo specs and gopter
## properties against the reference and PostgreSQL adapters. It changes
## nothing on the machine: without chromium the browser tests skip, naming
## `make chromium` (CI, which runs .ci/run, installs it first). Programs the
## tests start may take 2 minutes to say "started": a loaded machine is slow
## to start fifty interpreters, and what the tests judge is their answers.
test: lint
	CTXCONFORM_ADAPTERS=$(ADAPTERS) CTXCONFORM_PG_DSN='$(PG_DSN)' CTXCONFORM_START_TIMEOUT=2m \
	  $(GO) test -count=1 -timeout 15m ./...

## lint: gofmt and go vet (staticcheck too with `make check`)
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

## check: lint and staticcheck (pinned: a release the module proxy serves;
## .ci/run runs `make check test`)
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
check: lint
	$(GO) run $(STATICCHECK) ./...

## docs: regenerate the requirement catalogue inside specs/REQUIREMENTS.md
docs:
	$(GO) test -run TestRequirementsDocument -update .

## bench: benchmarks of the reference (and PostgreSQL side by side when reachable):
## bench-results.txt (Go benchmark format) and reports/scaling.html
bench: build
	$(BIN) bench --count 6 --benchtime 500ms --dsn '$(PG_DSN)' -o bench-results.txt --scaling-report reports/scaling.html

## matrix: the project's own conformance matrix: the reference, PostgreSQL and the
## Node example at level strict, seed 1, as reports/matrix.html and reports/badges/*.svg
## (needs the database and node; the three runs take about 6 minutes on 2 cores). A run that fails its
## gate (exit 1) still goes into the matrix; a usage error (exit 2) stops it.
matrix: build
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  run() { $(BIN) run --level strict --seed 1 --replay-dir "$$tmp/replays" "$$@" >/dev/null || [ $$? -eq 1 ]; } && \
	  run --json "$$tmp/reference.json" && \
	  run --adapter postgres --dsn '$(PG_DSN)' --json "$$tmp/postgres.json" && \
	  run --adapter exec --json "$$tmp/node.json" -- node adapters/process/examples/node/impl.js && \
	  rm -rf reports/badges && \
	  $(BIN) matrix --html reports/matrix.html --badges reports/badges "$$tmp/reference.json" "$$tmp/postgres.json" "$$tmp/node.json"

## chromium: install Debian's chromium when missing (the HTML reports' browser
## tests drive it with chromedp; no library downloads a browser). Only this
## target and .ci/run install anything: `make test` never does. A failed
## install fails the target.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
chromium:
	@command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; }

## vectors: regenerate the golden vectors in fixtures/vectors from the reference
vectors:
	$(GO) run ./cmd/conformance vectors

## The engines the standards came from (docs/upstream-pglite-casys.md). Their
## code is AGPL: it is unpacked into the ignored .upstream/ at build time from
## UPSTREAM_SRC (the project's shared/upstream/ snapshots), or cloned at the
## pinned commit when the snapshot is missing, and never committed here.
UPSTREAM_SRC ?= ../shared/upstream
UPSTREAM     := .upstream
CASYS        := casys-pml-ba8b9272
NPM_CI       := npm ci --no-audit --no-fund --loglevel=error

# npm-ci DIR SRC: DIR gets SRC's package.json, package-lock.json (and .npmrc)
# and their packages, installed again only when the lock file changed.
define npm-ci
	@mkdir -p $(1)
	@if ! cmp -s $(2)/package-lock.json $(1)/package-lock.json || [ ! -d $(1)/node_modules ]; then \
	  cp $(2)/package.json $(2)/package-lock.json $$(ls $(2)/.npmrc 2>/dev/null) $(1)/ && cd $(1) && $(NPM_CI); fi
endef

## upstream-casys: casys-pml at ba8b9272 in .upstream/, esbuild and graphology
## in .upstream/casys, and the adapter bundled as .upstream/casys/casys-adapter.mjs
## (run it: conformance run --adapter exec -- node .upstream/casys/casys-adapter.mjs)
upstream-casys:
	@mkdir -p $(UPSTREAM)
	@if [ ! -f $(UPSTREAM)/$(CASYS)/deno.json ]; then \
	  if [ -f $(UPSTREAM_SRC)/$(CASYS).tar.gz ]; then tar -xzf $(UPSTREAM_SRC)/$(CASYS).tar.gz -C $(UPSTREAM); \
	  else git clone -q https://github.com/Casys-AI/casys-pml $(UPSTREAM)/$(CASYS) && git -C $(UPSTREAM)/$(CASYS) checkout -q ba8b9272; fi; fi
	$(call npm-ci,$(UPSTREAM)/casys,adapters/process/upstream/casys)
	node adapters/process/upstream/casys/build.mjs --src $(UPSTREAM)/$(CASYS) --modules $(UPSTREAM)/casys --out $(UPSTREAM)/casys/casys-adapter.mjs

## pglite-install: PGlite (PostgreSQL 18 in WebAssembly) with pg_trgm and its
## socket server, as pinned in adapters/postgres/pglite, into .upstream/pglite
pglite-install:
	$(call npm-ci,$(UPSTREAM)/pglite,adapters/postgres/pglite)

## pglite: serve PGlite on PGLITE_PORT (default: a free port) until Ctrl-C; it
## prints its DSN (for --adapter postgres --dsn). The tests start their own.
PGLITE_PORT ?= 0
pglite: pglite-install
	node adapters/postgres/pglite/server.mjs --port $(PGLITE_PORT)

clean:
	rm -rf bin
