# ctxconform. `make conformance` needs only Go; `make test` also uses the
# PostgreSQL at 127.0.0.1:5432 when there is one (in CI it must be there).

GO       ?= go
BIN      := bin/conformance
PG_DSN   ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable
ADAPTERS ?= reference,postgres

.PHONY: all conformance build test lint check vectors docs verdicts bench matrix chromium clean mutation upstream upstream-anchor upstream-casys upstream-history upstream-history-expectations upstream-history-run upstream-history-bench upstream-history-page upstream-history-timeline pglite pglite-install

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
## go test runs under tools/testsummary, which prints what plain go test
## does (failures in full, a line per package) and then every skipped test
## with its reason; the exit status is go test's.
test: lint
	CTXCONFORM_ADAPTERS=$(ADAPTERS) CTXCONFORM_PG_DSN='$(PG_DSN)' CTXCONFORM_START_TIMEOUT=2m \
	  $(GO) run ./tools/testsummary -- $(GO) test -json -count=1 -timeout 30m ./...

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
	$(GO) test -count=1 -run TestRequirementsDocument ./selfcheck -update

## verdicts: the instrument, measured (docs/verdicts.md): every plain bug of the corpus
## (adapters/broken, testdata/faulty, the Java program's --bug modes) against the gate, every
## readings program (testdata/readings, the Go readings, the Java --reading modes) and the
## independent Java implementation for no MUST or SHOULD failure (but its signed deviations), and
## the counted failures per fault; prints recall, precision and failures per fault and every
## program that misses a target. Needs python3, node and a JDK; some 10 minutes on 2 cores.
## `make test` runs its quick part (the Go programs of inflation and density).
verdicts:
	@out=$$(mktemp) && trap 'rm -f "$$out"' EXIT && \
	  CTXCONFORM_VERDICTS=full CTXCONFORM_START_TIMEOUT=2m $(GO) test -count=1 -timeout 60m -run '^TestVerdicts$$' -v ./selfcheck >"$$out" 2>&1; \
	  status=$$?; grep -v -e '^=== ' -e '--- PASS' "$$out"; exit $$status

## bench: benchmarks of the reference (and PostgreSQL side by side when reachable):
## bench-results.txt (Go benchmark format) and reports/scaling.html
bench: build
	$(BIN) bench --count 6 --benchtime 500ms --dsn '$(PG_DSN)' -o bench-results.txt --scaling-report reports/scaling.html

## matrix: the conformance matrix at level strict, seed 1, as reports/matrix.html and
## reports/badges/*.svg: the reference, PostgreSQL and the Node example, and the engines the
## standards came from once `make upstream` has built their adapters (docs/upstream.md):
## anchor-engine-node, casys-pml, and PGlite under the PostgreSQL adapter. An engine whose adapter
## is not built is left out, and said so. Needs the database and node; the runs take about 6
## minutes on 2 cores, the engines as much again. A run that fails its gate (exit 1) still goes
## into the matrix; a usage error (exit 2) stops it. PGlite runs on one instance (--jobs 1):
## its socket server serves one connection, so a second instance of the adapter is refused (exit 2).
ANCHOR_ADAPTER := adapters/process/upstream/anchor/main.mjs
CASYS_ADAPTER  ?= $(UPSTREAM)/casys/casys-adapter.mjs
PGLITE_SERVER  ?= adapters/postgres/pglite/server.mjs
PGLITE_BUILT   ?= $(UPSTREAM)/pglite/node_modules
UPSTREAM_FLAGS := --timeout 30m --start-timeout 10m --request-timeout 10m
matrix: build
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  run() { $(BIN) run --level strict --seed 1 --replay-dir "$$tmp/replays" "$$@" >/dev/null || [ $$? -eq 1 ]; } && \
	  run --json "$$tmp/reference.json" && \
	  run --adapter postgres --dsn '$(PG_DSN)' --json "$$tmp/postgres.json" && \
	  run --adapter exec --json "$$tmp/node.json" -- node adapters/process/examples/node/impl.js && \
	  files="$$tmp/reference.json $$tmp/postgres.json $$tmp/node.json" && \
	  if [ -f $(UPSTREAM)/anchor/engine.mjs ]; then \
	    run --adapter exec $(UPSTREAM_FLAGS) --json "$$tmp/anchor.json" -- node $(ANCHOR_ADAPTER) && \
	    files="$$files $$tmp/anchor.json"; \
	  else echo "matrix: anchor-engine-node left out: run \`make upstream\`"; fi && \
	  if [ -f $(CASYS_ADAPTER) ]; then \
	    run --adapter exec $(UPSTREAM_FLAGS) --json "$$tmp/casys.json" -- node $(CASYS_ADAPTER) && \
	    files="$$files $$tmp/casys.json"; \
	  else echo "matrix: casys-pml left out: run \`make upstream\`"; fi && \
	  if [ -f $(PGLITE_SERVER) ] && [ -e $(PGLITE_BUILT) ]; then \
	    mkfifo "$$tmp/pglite.in" && \
	    { node $(PGLITE_SERVER) --port 0 --watch-stdin < "$$tmp/pglite.in" > "$$tmp/pglite.out" & } && \
	    exec 3> "$$tmp/pglite.in" && \
	    for i in $$(seq 600); do grep -q '^dsn ' "$$tmp/pglite.out" 2>/dev/null && break; sleep 1; done && \
	    dsn=$$(sed -n 's/^dsn //p' "$$tmp/pglite.out" | head -n 1) && [ -n "$$dsn" ] && \
	    run --adapter postgres --jobs 1 --dsn "$$dsn" --json "$$tmp/pglite.json" && \
	    files="$$files $$tmp/pglite.json"; \
	    exec 3>&-; \
	  else echo "matrix: PGlite left out: run \`make upstream\`"; fi && \
	  rm -rf reports/badges && \
	  $(BIN) matrix --html reports/matrix.html --badges reports/badges $$files

## chromium: install Debian's chromium when missing (the HTML reports' browser
## tests drive it with chromedp; no library downloads a browser). Only this
## target and .ci/run install anything: `make test` never does. A failed
## install fails the target.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
chromium:
	@command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; }

## upstream: the engines the standards came from, for the adapters under
## adapters/process/upstream/ (docs/upstream.md). Unpacks the snapshots in
## $(UPSTREAM_SRC) (or, without them, clones the pinned commits: needs git and
## network), installs the adapters' pinned npm packages and builds them, all
## in .upstream/ (ignored: no upstream code is ever committed).
UPSTREAM_SRC ?= ../shared/upstream
UPSTREAM     := .upstream
ANCHOR_REPO  ?= https://github.com/RSBalchII/anchor-engine-node
ANCHOR_REV   := bf36eae
ANCHOR_DATE  := 2026-02-21
ANCHOR_TREE  := $(UPSTREAM)/anchor-engine-node-$(ANCHOR_REV)
NPM          ?= npm
upstream: upstream-anchor upstream-casys pglite-install

## upstream-anchor: anchor-engine-node at bf36eae, bundled by esbuild into
## .upstream/anchor/engine.mjs (adapters/process/upstream/anchor/README.md)
upstream-anchor: $(UPSTREAM)/anchor/engine.mjs

$(ANCHOR_TREE)/engine/src/services/search/context-inflator.ts:
	@mkdir -p $(UPSTREAM)
	@if [ -f $(UPSTREAM_SRC)/anchor-engine-node-$(ANCHOR_REV).tar.gz ]; then \
	  tar -xzf $(UPSTREAM_SRC)/anchor-engine-node-$(ANCHOR_REV).tar.gz -C $(UPSTREAM); \
	else \
	  echo "no $(UPSTREAM_SRC)/anchor-engine-node-$(ANCHOR_REV).tar.gz: cloning $(ANCHOR_REPO) at $(ANCHOR_REV)"; \
	  rm -rf $(ANCHOR_TREE) && git clone --quiet $(ANCHOR_REPO) $(ANCHOR_TREE) && \
	  git -C $(ANCHOR_TREE) checkout --quiet $(ANCHOR_REV); \
	fi
	@touch $@

$(UPSTREAM)/anchor/node_modules/.ctxconform-installed: adapters/process/upstream/anchor/package.json adapters/process/upstream/anchor/package-lock.json
	@mkdir -p $(UPSTREAM)/anchor
	cp adapters/process/upstream/anchor/package.json adapters/process/upstream/anchor/package-lock.json $(UPSTREAM)/anchor/
	cd $(UPSTREAM)/anchor && $(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

$(UPSTREAM)/anchor/engine.mjs: $(ANCHOR_TREE)/engine/src/services/search/context-inflator.ts $(UPSTREAM)/anchor/node_modules/.ctxconform-installed adapters/process/upstream/anchor/build.mjs
	cp adapters/process/upstream/anchor/build.mjs $(UPSTREAM)/anchor/build.mjs
	cd $(UPSTREAM)/anchor && node build.mjs $(CURDIR)/$(ANCHOR_TREE)/engine $(CURDIR)/$@ $(ANCHOR_REV) $(ANCHOR_DATE)

## upstream-history: every commit of anchor-engine-node's history that
## adapters/process/upstream/anchor/history.txt lists, unpacked from
## $(UPSTREAM_SRC)/history (bf36eae from $(UPSTREAM_SRC)) or cloned from
## ANCHOR_HISTORY_REPO, and bundled into .upstream/history/COMMIT/engine.mjs
## with its built.json (the commit and its date), beside the packages of
## upstream-anchor (about 5 s a version). Run one with
## node adapters/process/upstream/anchor/main.mjs --build .upstream/history/COMMIT
ANCHOR_HISTORY      := adapters/process/upstream/anchor/history.txt
ANCHOR_HISTORY_REPO ?= https://github.com/minerva-devs/anchor-engine-node
HISTORY_COMMITS     := $(shell sed -n 's/^\([0-9a-f][0-9a-f]*\) .*/\1/p' $(ANCHOR_HISTORY))
upstream-history: $(foreach c,$(HISTORY_COMMITS),$(UPSTREAM)/history/$(c)/engine.mjs)

$(UPSTREAM)/history/%/engine.mjs: $(UPSTREAM)/anchor/node_modules/.ctxconform-installed adapters/process/upstream/anchor/build.mjs $(ANCHOR_HISTORY)
	@mkdir -p $(UPSTREAM)/history/$* && ln -sfn ../anchor/node_modules $(UPSTREAM)/history/node_modules
	@tree=$(UPSTREAM)/history/$*/anchor-engine-node-$*; \
	if [ ! -f $$tree/engine/src/services/search/context-inflator.ts ]; then \
	  tgz=$(UPSTREAM_SRC)/history/anchor-engine-node-$*.tar.gz; [ -f $$tgz ] || tgz=$(UPSTREAM_SRC)/anchor-engine-node-$*.tar.gz; \
	  if [ -f $$tgz ]; then tar -xzf $$tgz -C $(UPSTREAM)/history/$*; \
	  else echo "no $$tgz: cloning $(ANCHOR_HISTORY_REPO) at $*"; rm -rf $$tree && \
	    git clone --quiet $(ANCHOR_HISTORY_REPO) $$tree && git -C $$tree checkout --quiet $*; fi; fi
	cp adapters/process/upstream/anchor/build.mjs $(UPSTREAM)/anchor/build.mjs
	cd $(UPSTREAM)/anchor && node build.mjs $(abspath $(UPSTREAM))/history/$*/anchor-engine-node-$*/engine $(abspath $@) $* \
	  $$(sed -n 's/^$* \([0-9-]*\) .*/\1/p' $(CURDIR)/$(ANCHOR_HISTORY))

## upstream-history-expectations: adapters/process/upstream/anchor/expectations/COMMIT.json
## for every commit, written by --write-expectations from a run of CI's fast selection
## (expectations/selection.txt), which TestAnchorHistory gates with. About 30 s a version.
HISTORY_SELECTION = adapters/process/upstream/anchor/expectations/selection.txt
upstream-history-expectations: build upstream-history
	@for c in $(HISTORY_RUN); do \
	  echo "upstream-history-expectations: $$c"; \
	  $(BIN) run --level strict --seed 1 --no-memory --skip '^PRF-0[23]$$' \
	    --run '$(shell sed -n 's/^run //p' $(HISTORY_SELECTION))' \
	    --property-runs $(shell sed -n 's/^property-runs //p' $(HISTORY_SELECTION)) \
	    --replay-dir $$(mktemp -d) $(UPSTREAM_FLAGS) \
	    --write-expectations adapters/process/upstream/anchor/expectations/$$c.json \
	    --adapter exec -- node $(ANCHOR_ADAPTER) --build $(UPSTREAM)/history/$$c >/dev/null || [ $$? -eq 1 ] || exit 2; \
	done

## upstream-history-run: the full judging run of every version that
## upstream-history built (inflate, density, elastic and fuzzy, level strict,
## seed 1, every requirement), one engine at a time, one JSON report per commit
## in reports/upstream/history/COMMIT.json. Each version takes 5 to 15 minutes
## on a busy 2-core machine: over an hour for the eleven. HISTORY_RUN='C1 C2'
## runs those commits only. A version whose run fails its gate still writes its
## report; a usage error (exit 2) or a refused tree stops the target.
## HISTORY_PROPERTY_RUNS=5 (generated cases per property; default 100) makes
## it about 2 minutes a version.
HISTORY_RUN     ?= $(HISTORY_COMMITS)
HISTORY_REPORTS ?= reports/upstream/history
HISTORY_PROPERTY_RUNS ?= 100
upstream-history-run: build upstream-history
	@mkdir -p $(HISTORY_REPORTS) && tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	for c in $(HISTORY_RUN); do \
	  echo "upstream-history-run: $$c"; \
	  $(BIN) run --level strict --seed 1 --standard inflate,density,elastic,fuzzy --skip '^PRF-0[23]$$' \
	    --property-runs $(HISTORY_PROPERTY_RUNS) --replay-dir "$$tmp/replays" --no-memory $(UPSTREAM_FLAGS) --json $(HISTORY_REPORTS)/$$c.json \
	    --adapter exec -- node $(ANCHOR_ADAPTER) --build $(UPSTREAM)/history/$$c >/dev/null || [ $$? -eq 1 ] || exit 2; \
	done

## upstream-history-bench: every version of HISTORY_RUN timed on the same
## workloads (HISTORY_BENCH: inflate at 10, 100 and 1000 hits over 100
## documents of 16 KB, no budget, and the fuzzy search of 1,000 entries), with
## --time-nonconforming (a version whose answers break an invariant is still
## timed, and marked), into $(HISTORY_TIMELINE)/bench/COMMIT.txt. The tool
## takes one exec implementation at a time, so the versions alternate by
## passes: the first half of HISTORY_BENCH_COUNT runs oldest first, the second
## newest first, so that a machine getting busier or quieter over the run
## does not look like a commit. 6 runs (compare's least for a confidence
## interval): about 35 s a version and pass on a busy 2-core machine, 13 minutes in all.
HISTORY_TIMELINE    ?= reports/upstream/anchor-history
HISTORY_BENCH       ?= ^Inflate/hits=(10|100|1000)/docs=100/doc-bytes=16000/budget=none$$|^Search/entries=1000$$
HISTORY_BENCH_COUNT ?= 6
upstream-history-bench: build upstream-history
	@mkdir -p $(HISTORY_TIMELINE)/bench && tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	half=$$(( ($(HISTORY_BENCH_COUNT) + 1) / 2 )); rest=$$(( $(HISTORY_BENCH_COUNT) - half )); \
	for pass in 1 2; do \
	  n=$$half; order="$(HISTORY_RUN)"; \
	  if [ $$pass = 2 ]; then n=$$rest; order=$$(printf '%s\n' $(HISTORY_RUN) | tac); fi; \
	  [ $$n -gt 0 ] || continue; \
	  for c in $$order; do \
	    echo "upstream-history-bench: $$c (pass $$pass, $$n runs)"; \
	    CTXCONFORM_START_TIMEOUT=10m $(BIN) bench -q --time-nonconforming --count $$n --benchtime 1x --request-timeout 10m --run '$(HISTORY_BENCH)' \
	      -o "$$tmp/$$c.$$pass.txt" --adapter exec -- node $(ANCHOR_ADAPTER) --build $(UPSTREAM)/history/$$c || exit 2; \
	  done; \
	done; \
	for c in $(HISTORY_RUN); do cat "$$tmp/$$c".*.txt > $(HISTORY_TIMELINE)/bench/$$c.txt; done

## upstream-history-page: the timeline of anchor-engine-node from the reports of
## upstream-history-run and the results of upstream-history-bench:
## $(HISTORY_TIMELINE)/manifest.json (every commit of history.txt, its date and
## subject), timeline.html, timeline.md and the diff-OLD-NEW.md they link.
upstream-history-page: build
	@{ printf '{"format": "ctxconform-timeline/1", "title": "anchor-engine-node", "versions": [\n'; \
	  sed -n 's/^\([0-9a-f][0-9a-f]*\) \([0-9-]*\) \(.*\)$$/\1 \2 \3/p' $(ANCHOR_HISTORY) | \
	  awk '{ c=$$1; d=$$2; $$1=""; $$2=""; s=substr($$0, 3); gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); \
	    printf "%s  {\"commit\": \"%s\", \"date\": \"%s\", \"subject\": \"%s\", \"report\": \"%s/%s.json\", \"bench\": \"bench/%s.txt\"}", \
	      (NR > 1 ? ",\n" : ""), c, d, s, "$(shell realpath -m --relative-to=$(HISTORY_TIMELINE) $(HISTORY_REPORTS))", c, c }'; \
	  printf '\n]}\n'; } > $(HISTORY_TIMELINE)/manifest.json
	$(BIN) timeline --html $(HISTORY_TIMELINE)/timeline.html --markdown $(HISTORY_TIMELINE)/timeline.md $(HISTORY_TIMELINE)/manifest.json

## upstream-history-timeline: all of it, one after the other: upstream-history-run,
## upstream-history-bench, upstream-history-page (well over an hour on a busy
## 2-core machine; reports/upstream/anchor-history.md says what the checked-in
## page was made with)
upstream-history-timeline:
	$(MAKE) upstream-history-run
	$(MAKE) upstream-history-bench
	$(MAKE) upstream-history-page

## vectors: regenerate the golden vectors in fixtures/vectors from the reference
vectors:
	$(GO) run ./cmd/conformance vectors

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

## mutation: mutate reference/ and the judging code (mutation/targets.txt says
## which files and which tests judge each), run the tests that reach each
## mutant and write the score and every survivor to reports/mutation/latest.md;
## fails while a survivor is not in mutation/equivalent/. Not part of make
## test. ONLY='regexp' runs the mutants whose ID matches; SAMPLE=0.1 a fixed
## share of them. See docs/mutation.md.
SAMPLE ?= 1
ONLY   ?=
mutation:
	$(GO) run ./cmd/mutation -sample $(SAMPLE) -only '$(ONLY)'

clean:
	rm -rf bin
