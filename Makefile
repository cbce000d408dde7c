# treeplot - chart how patches flow into a project's mainline.
#
#   make            build ./treeplot
#   make demo       chart a generated kernel-like sample: demo.svg + report
#   make readme     rerun README.md's examples into it (make check checks)
#   make test       the unit tests and the end-to-end suite but its scale
#                   and packaging scripts (TEST_SLOW): minutes, installs
#                   no package
#   make check      the whole gate: installs what testing needs, runs
#                   every test (one prove run, TAP), then again under
#                   ASan+UBSan, TSan and valgrind, and fuzzes briefly;
#                   each of check-sanitize, check-tsan, check-valgrind
#                   and check-fuzz also works alone
#   make lint       check-layers, cppcheck and clang-tidy, no finding allowed
#   make check-layers  every include in the layer order (LAYERS)
#   make fuzz       each libFuzzer target for FUZZ_SECONDS (default 60)
#   make deps       install the Debian packages building needs (the other
#                   targets install what they need themselves)
#   make install    PREFIX=/usr/local DESTDIR= (binary, git-treeplot,
#                   man page, completions, JSON schema)
#   make deb        a Debian package, in build/deb/

VERSION = 0.1.0

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
# zsh reads vendor-completions under /usr only: elsewhere site-functions.
ZSHCOMPDIR ?= $(DATADIR)/zsh/$(if $(filter /usr,$(PREFIX)),vendor-completions,site-functions)
SCHEMADIR ?= $(DATADIR)/treeplot
DESTDIR ?=

CC ?= cc
PKG_CONFIG ?= pkg-config
PKGS = libgit2 libcgraph libgvc cairo libpcre2-8 libpsl zlib
CFLAGS ?= -O2 -g
WARNINGS = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	   -Wpointer-arith -Wformat=2 -Wundef -Wvla
PKG_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS := $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)
ALL_CFLAGS = -std=gnu11 $(WARNINGS) -Iinclude -I$(B) $(PKG_CFLAGS) \
	     -DTREEPLOT_VERSION='"$(VERSION)"' $(CPPFLAGS) $(CFLAGS) -MMD -MP
LDLIBS = $(PKG_LIBS) -lm -pthread

# Debian packages, by need.  Building (and make deps): the compiler and
# the libraries.  make demo adds git (the sample is a fast-import stream).
# Testing: git builds the fixtures, prove runs the suite, xmllint, jq,
# python3-jsonschema and dot check SVG, JSON and DOT, pdftotext reads
# the trend chart's PDF, groff and man the
# man page, headless Chromium driven by selenium the HTML report,
# bash-completion and zsh the completions, and dpkg-dev,
# debhelper and lintian build and check the package (make deb).  Then
# hardening: clang with its sanitizer and libFuzzer runtimes
# (libclang-rt-14-dev is only a recommendation of clang's, and no
# recommendation is installed), llvm for llvm-symbolizer (readable
# sanitizer reports), valgrind, cppcheck and clang-tidy.
DEPS = gcc make pkg-config libgit2-dev libgraphviz-dev libgvc6 libcairo2-dev \
       libpcre2-dev libpsl-dev zlib1g-dev python3
DEPS_DEMO = git
DEPS_DEB = build-essential dpkg-dev debhelper lintian
DEPS_TEST = git perl libxml2-utils jq python3 python3-jsonschema poppler-utils \
	    groff-base man-db graphviz fonts-dejavu-core bash-completion zsh \
	    chromium chromium-driver python3-selenium \
	    $(DEPS_DEB)
DEPS_SANITIZE = clang libclang-rt-14-dev llvm
DEPS_VALGRIND = valgrind
DEPS_FUZZ = clang libclang-rt-14-dev
DEPS_LINT = cppcheck clang-tidy

B = build
# The layers, lowest first (README.md, Layout): a file includes headers of
# its own layer and of the layers before it only (make check-layers).
LAYERS = util git flow addons render modes cli
SRC = $(foreach l,$(LAYERS),$(wildcard src/$(l)/*.c))
HDR = $(foreach l,$(LAYERS),$(wildcard include/$(l)/*.h))
OBJ = $(SRC:src/%.c=$(B)/%.o)
LIBOBJ = $(filter-out $(B)/cli/main.o,$(OBJ))
UNIT_SRC = $(wildcard tests/unit/*.c)
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)
TOOLS = $(B)/genhist
SAMPLE = $(B)/sample

.PHONY: all test check check-only demo deps install uninstall clean bench \
	check-sanitize check-tsan check-valgrind check-fuzz lint check-layers \
	fuzz readme deb \
	deps-check deps-demo deps-deb deps-sanitize deps-tsan deps-valgrind \
	deps-fuzz deps-lint

all: treeplot

treeplot: $(OBJ)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(OBJ) $(LDLIBS)

$(B)/%.o: src/%.c | $(B)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# (an archive keeps members by base name, and two layers may hold files
# of one name: the unit tests link the objects, the linker drops none
# that a test does not need to be complete)
$(B)/tests/%: tests/unit/%.c $(LIBOBJ) | $(B)/tests
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBOBJ) $(LDLIBS)

# The HTML report's script and style, as C strings with the hashes its
# Content-Security-Policy names them by (tools/embed.py).
HTML_ASSETS = $(B)/html_assets.h
$(HTML_ASSETS): src/render/html/report.js src/render/html/report.css \
		tools/embed.py | $(B)
	python3 tools/embed.py $@ src/render/html/report.js \
	  src/render/html/report.css
$(B)/render/html.o: $(HTML_ASSETS)

# Where make install puts the JSON schema, for --help (cli/options.c),
# as the build's SCHEMADIR says it: an installed binary finds it beside
# itself (PREFIX/bin, PREFIX/share/treeplot) whatever the PREFIX, so
# that make install need not build again (and the tests, which install
# from this tree, see their binary unchanged).
SCHEMA_PATH_H = $(B)/schema_path.h
$(SCHEMA_PATH_H): | $(B)
	printf '#define TREEPLOT_SCHEMA_PATH "%s"\n' \
	  '$(SCHEMADIR)/treeplot.schema.json' >$@
$(B)/cli/help.o: $(SCHEMA_PATH_H)

# genhist, the test generator (tools/genhist/, its modules listed in
# genhist.h): no library, none of treeplot's headers.
GENHIST_SRC = $(wildcard tools/genhist/*.c)
GENHIST_OBJ = $(GENHIST_SRC:tools/genhist/%.c=$(B)/tools/genhist/%.o)
GENHIST_CFLAGS = -std=gnu11 $(WARNINGS) $(CFLAGS)

$(B)/tools/genhist/%.o: tools/genhist/%.c
	@mkdir -p $(@D)
	$(CC) $(GENHIST_CFLAGS) -MMD -MP -c -o $@ $<

$(B)/genhist: $(GENHIST_OBJ)
	$(CC) $(GENHIST_CFLAGS) $(LDFLAGS) -o $@ $(GENHIST_OBJ)

$(B) $(B)/tests:
	mkdir -p $@

# deps first, in its own make: the pkg-config flags above are only right
# once the libraries are installed.  One apt-get for all check needs.
# Each stage's builds on two jobs, as its tests run (prove -j2).
check: deps-check
	$(MAKE) -j2 check-only
	$(MAKE) -j2 check-sanitize
	$(MAKE) -j2 check-tsan
	$(MAKE) -j2 check-valgrind
	$(MAKE) check-fuzz

# What every run of the suite needs built: the tool, the unit tests (a
# script runs test-commitparse), genhist and make's sample.
TEST_NEEDS = all $(UNIT_BIN) $(TOOLS) $(SAMPLE)/stamp

check-only: $(TEST_NEEDS)
	TREEPLOT=$(CURDIR)/treeplot BUILD=$(CURDIR)/$(B) \
	  prove --nocolor -j2 $(UNIT_BIN) tests/e2e/*.t

# make test: the tier for every change, installing nothing.  TEST_SLOW
# are the scripts left to make check: the scale tests (each over 40 s
# alone on this tree's reference machine, most of the suite's time) and
# the package's (make deb, which installs its tools).
TEST_SLOW = tests/e2e/hostile-history.t tests/e2e/hostile-scale.t \
	    tests/e2e/charts.t tests/e2e/deb.t
TEST_E2E = $(filter-out $(TEST_SLOW),$(wildcard tests/e2e/*.t))

test: $(TEST_NEEDS)
	TREEPLOT=$(CURDIR)/treeplot BUILD=$(CURDIR)/$(B) \
	  prove --nocolor -j2 $(UNIT_BIN) $(TEST_E2E)

demo: deps-demo
	$(MAKE) all $(TOOLS)
	sh tools/demo.sh $(CURDIR)/treeplot $(CURDIR)/$(B)/genhist

# The sample of make demo, generated once (30,000 commits, 3 s) for the
# examples of README.md and the man page: tests/e2e/examples.t runs them
# on it, make readme writes their outputs into README.md.
$(SAMPLE)/stamp: tools/sample.sh tools/mkrepo.sh $(B)/genhist
	rm -f $@
	sh tools/sample.sh $(SAMPLE) $(CURDIR)/$(B)/genhist >/dev/null
	touch $@

readme: all $(SAMPLE)/stamp
	python3 tools/readme.py readme $(CURDIR)/treeplot $(SAMPLE) README.md \
	  >README.md.new || { rm -f README.md.new; exit 1; }
	mv README.md.new README.md

# make bench [REPO=path RANGE='A..B ...']: treeplot against git log and
# rev-list on the same ranges (tools/bench.sh; results in BENCHMARKS.md).
bench: all $(TOOLS)
	bash tools/bench.sh $(REPO) $(RANGE)

# $(call apt_install,PACKAGES): install those of PACKAGES missing (apt-get,
# through sudo unless root, no recommendations); says nothing when none
# is, and only lists them on a system without dpkg.
apt_install = @if ! command -v dpkg-query >/dev/null; then \
	  echo "$@: not a Debian system; install by hand: $(strip $(1))"; \
	  exit 0; fi; \
	missing=$$(for p in $(1); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
	    grep -q '^install ok installed$$' || echo $$p; done | sort -u); \
	[ -n "$$missing" ] || exit 0; \
	echo "$@: installing$$(echo ' '$$missing)"; \
	if [ "$$(id -u)" = 0 ]; then sudo=; else sudo=sudo; fi; \
	$$sudo apt-get update -q && \
	DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q \
	  --no-install-recommends $$missing

deps:
	$(call apt_install,$(DEPS))
deps-demo:
	$(call apt_install,$(DEPS) $(DEPS_DEMO))
deps-deb:
	$(call apt_install,$(DEPS) $(DEPS_DEB))
deps-check:
	$(call apt_install,$(DEPS) $(DEPS_TEST) $(DEPS_SANITIZE) \
	  $(DEPS_VALGRIND) $(DEPS_FUZZ))
deps-sanitize:
	$(call apt_install,$(DEPS) $(DEPS_TEST) $(DEPS_SANITIZE))
deps-tsan:
	$(call apt_install,$(DEPS) $(DEPS_DEMO) $(DEPS_SANITIZE))
deps-valgrind:
	$(call apt_install,$(DEPS) $(DEPS_TEST) $(DEPS_VALGRIND))
deps-fuzz:
	$(call apt_install,$(DEPS_FUZZ))
deps-lint:
	$(call apt_install,$(DEPS) $(DEPS_LINT))

# git-treeplot beside the binary makes `git treeplot` work, and its man
# page (a link) makes `git treeplot --help` show treeplot's.  The bash
# completion's git-treeplot link is the file git's completion loads for
# `git treeplot <TAB>`; zsh's _git calls _git-treeplot.
install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	  $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(SCHEMADIR)
	install -m 755 treeplot $(DESTDIR)$(BINDIR)/treeplot
	ln -sf treeplot $(DESTDIR)$(BINDIR)/git-treeplot
	install -m 644 man/treeplot.1 $(DESTDIR)$(MANDIR)/man1/treeplot.1
	ln -sf treeplot.1 $(DESTDIR)$(MANDIR)/man1/git-treeplot.1
	install -m 644 contrib/completion/treeplot.bash \
	  $(DESTDIR)$(BASHCOMPDIR)/treeplot
	ln -sf treeplot $(DESTDIR)$(BASHCOMPDIR)/git-treeplot
	install -m 644 contrib/completion/_treeplot \
	  contrib/completion/_git-treeplot $(DESTDIR)$(ZSHCOMPDIR)
	install -m 644 docs/treeplot.schema.json $(DESTDIR)$(SCHEMADIR)

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/treeplot $(DESTDIR)$(BINDIR)/git-treeplot \
	  $(DESTDIR)$(MANDIR)/man1/treeplot.1 \
	  $(DESTDIR)$(MANDIR)/man1/git-treeplot.1 \
	  $(DESTDIR)$(BASHCOMPDIR)/treeplot $(DESTDIR)$(BASHCOMPDIR)/git-treeplot \
	  $(DESTDIR)$(ZSHCOMPDIR)/_treeplot $(DESTDIR)$(ZSHCOMPDIR)/_git-treeplot \
	  $(DESTDIR)$(SCHEMADIR)/treeplot.schema.json
	rmdir $(DESTDIR)$(SCHEMADIR) 2>/dev/null || true

# make deb: the package from a copy of the sources in $(DEB)/, so that
# dpkg-buildpackage writes the .deb and its staging there, not beside the
# checkout.  Lintian checks the source and the binary package, info and
# pedantic tags included; its findings are kept in $(DEB)/lintian.txt
# (tests/e2e/deb.t expects none).
DEB = $(B)/deb
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null)
DEB_FILE = $(DEB)/treeplot_$(VERSION)_$(DEB_ARCH).deb
DEB_SRC = $(SRC) $(HDR) $(wildcard src/render/html/*) \
	  tools/embed.py man/treeplot.1 README.md \
	  docs/treeplot.schema.json $(wildcard contrib/completion/*) \
	  $(shell find debian -type f 2>/dev/null) Makefile LICENSE

deb: deps-deb
	$(MAKE) $(DEB_FILE)

$(DEB_FILE): $(DEB_SRC)
	@v=$$(dpkg-parsechangelog -l debian/changelog -S Version); \
	[ "$$v" = "$(VERSION)" ] || { echo "deb: debian/changelog is at" \
	  "$$v, the Makefile at $(VERSION): add a changelog entry"; exit 1; }
	rm -rf $(DEB) && mkdir -p $(DEB)/treeplot-$(VERSION)
	tar -cf - src include man docs contrib debian Makefile LICENSE \
	  README.md tools/embed.py | tar -xf - -C $(DEB)/treeplot-$(VERSION)
	cd $(DEB)/treeplot-$(VERSION) && \
	  dpkg-buildpackage -us -uc >../build.log 2>&1 || \
	  { tail -n 40 ../build.log; exit 1; }
	lintian --display-info --pedantic \
	  $(DEB)/treeplot_$(VERSION)_$(DEB_ARCH).changes \
	  >$(DEB)/lintian.txt 2>$(DEB)/lintian.err; \
	  [ $$? -le 1 ] || { cat $(DEB)/lintian.err; exit 1; }
	@echo "deb: $(DEB_FILE)"; echo "lintian: $$(grep -c . $(DEB)/lintian.txt) tag(s)"
	@cat $(DEB)/lintian.txt

clean:
	rm -rf $(B) treeplot demo demo.svg

# --- hardening: sanitizers, valgrind, static analysis, fuzzing ----------

CLANG ?= clang
CLANG_TIDY ?= clang-tidy
CPPCHECK ?= cppcheck
VALGRIND ?= valgrind

# make check-sanitize: the tool and the unit tests built again with
# AddressSanitizer and UndefinedBehaviorSanitizer into $(SAN), and the
# whole prove suite run with TREEPLOT pointing there (and UNIT, for a
# script that runs a unit test's binary: trailers.t).  The plain build
# is made first: install.t and completion.t run make install, which
# would otherwise build it twice at once.  Every report goes
# to a log file as well as failing its run (exit status 99, which no test
# expects): a report under a test that only checks for failure still
# fails the target.  tests/lsan.supp lists the leaks that are Graphviz's
# (and libgit2's).  Freed memory stays poisoned for the last 32 MB freed,
# not 256: recycling the larger quarantine (megabyte buffers, freed as
# they grow) cost a quarter of the run in munmap.  intercept_tls_get_addr
# is off: up to LLVM 16 the runtime's __tls_get_addr interceptor takes a
# dynamic TLS block that malloc happens to place 16 bytes past a page for
# a pre-2.25 glibc header, reads a bogus range from before it, and
# LeakSanitizer's tracer dies scanning it ("Tracer caught signal 11", no
# leak reported): a flake, likelier the more threads (--jobs).
# TREEPLOT_TEST_SANITIZER=1 lets a test whose point is size use a
# smaller one (tests/e2e/lib.sh's scaled says why that loses no memory
# safety coverage): the plain pass proves the size.
SAN = $(B)/asan
SAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
	    -fno-sanitize-recover=all
SAN_CFLAGS = -std=gnu11 $(WARNINGS) -Iinclude -I$(B) $(PKG_CFLAGS) \
	     -DTREEPLOT_VERSION='"$(VERSION)"' -O1 -g $(SAN_FLAGS) -MMD -MP
SAN_OBJ = $(SRC:src/%.c=$(SAN)/%.o)
SAN_LIBOBJ = $(filter-out $(SAN)/cli/main.o,$(SAN_OBJ))
SAN_UNIT = $(UNIT_SRC:tests/unit/%.c=$(SAN)/tests/%)
SAN_LOG = $(CURDIR)/$(SAN)/log
SAN_ENV = \
	ASAN_OPTIONS=detect_leaks=1:exitcode=99:log_path=$(SAN_LOG)/report:$\
	strict_string_checks=1:detect_stack_use_after_return=1:$\
	check_initialization_order=1:detect_invalid_pointer_pairs=1:$\
	quarantine_size_mb=32:intercept_tls_get_addr=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=99:$\
	log_path=$(SAN_LOG)/report \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:$\
	print_suppressions=0:exitcode=99:log_path=$(SAN_LOG)/report

$(SAN)/render/html.o: $(HTML_ASSETS)
$(SAN)/cli/help.o: $(SCHEMA_PATH_H)
$(SAN)/%.o: src/%.c | $(SAN) deps-sanitize
	@mkdir -p $(@D)
	$(CLANG) $(SAN_CFLAGS) -c -o $@ $<

$(SAN)/treeplot: $(SAN_OBJ)
	$(CLANG) $(SAN_CFLAGS) $(LDFLAGS) -o $@ $(SAN_OBJ) $(LDLIBS)

$(SAN)/tests/%: tests/unit/%.c $(SAN_LIBOBJ) | $(SAN)/tests
	$(CLANG) $(SAN_CFLAGS) $(LDFLAGS) -o $@ $< $(SAN_LIBOBJ) $(LDLIBS)

$(SAN) $(SAN)/tests:
	mkdir -p $@

check-sanitize: deps-sanitize $(SAN)/treeplot $(SAN_UNIT) all $(TOOLS) \
		$(SAMPLE)/stamp
	rm -rf $(SAN_LOG) && mkdir -p $(SAN_LOG)
	$(SAN_ENV) TREEPLOT=$(CURDIR)/$(SAN)/treeplot BUILD=$(CURDIR)/$(B) \
	  UNIT=$(CURDIR)/$(SAN)/tests TREEPLOT_TEST_SANITIZER=1 prove --nocolor -j2 $(SAN_UNIT) tests/e2e/*.t
	@if [ -n "$$(ls -A $(SAN_LOG))" ]; then \
	  echo "check-sanitize: sanitizer reports:"; cat $(SAN_LOG)/*; exit 1; fi
	@echo "check-sanitize: no sanitizer report"

# make check-tsan: the tool built again with ThreadSanitizer into $(TSAN)
# and the threaded walk run on a generated history (tests/tsan.sh): any
# report, or outputs differing between 1 and 4 threads, fails.
TSAN = $(B)/tsan
TSAN_CFLAGS = -std=gnu11 $(WARNINGS) -Iinclude -I$(B) $(PKG_CFLAGS) \
	      -DTREEPLOT_VERSION='"$(VERSION)"' -O1 -g -fsanitize=thread -MMD -MP
TSAN_OBJ = $(SRC:src/%.c=$(TSAN)/%.o)

$(TSAN)/cli/help.o: $(SCHEMA_PATH_H)
$(TSAN)/%.o: src/%.c $(HTML_ASSETS) | $(TSAN) deps-tsan
	@mkdir -p $(@D)
	$(CLANG) $(TSAN_CFLAGS) -c -o $@ $<

$(TSAN)/treeplot: $(TSAN_OBJ)
	$(CLANG) $(TSAN_CFLAGS) $(LDFLAGS) -o $@ $(TSAN_OBJ) $(LDLIBS)

$(TSAN):
	mkdir -p $@

check-tsan: deps-tsan $(TSAN)/treeplot $(B)/genhist
	bash tests/tsan.sh $(CURDIR)/$(TSAN)/treeplot $(CURDIR)/$(B)/genhist

# make check-valgrind: the unit tests and a representative part of the
# end-to-end suite under memcheck, through a wrapper that TREEPLOT points
# to: hostile text in every output format (Graphviz's layout and
# rendering included), the attribution rule, and broken repositories
# (every error path of the walk and of the output).  broken-graph.t is
# left to ASan and to the commit-graph fuzz target: it parses mapped
# files, whose bytes are never uninitialised, which is what memcheck
# would add.  The whole suite
# takes valgrind ten minutes; ASan and LSan run all of it.  Any error or
# definite leak fails, and so does any non-empty log, whatever the test
# checked.  Skipped without valgrind.  tests/valgrind.supp lists what is
# Graphviz's (and libgit2's).  The unit tests run in the same prove as
# the scripts, through wrappers ($(VG)/unit/), so that two run at a time
# (the longest first: the others fill the other core).
VG = $(B)/valgrind
VG_TESTS = tests/e2e/broken-repo.t tests/e2e/hostile.t tests/e2e/attribution.t
VG_CMD = $(VALGRIND) -q --error-exitcode=99 --leak-check=full \
	 --errors-for-leak-kinds=definite --show-leak-kinds=definite \
	 --suppressions=$(CURDIR)/tests/valgrind.supp

check-valgrind: deps-valgrind all $(UNIT_BIN) $(TOOLS)
	@if ! command -v $(VALGRIND) >/dev/null; then \
	  echo "check-valgrind: no valgrind, skipped"; exit 0; fi; \
	set -e; rm -rf $(VG); mkdir -p $(VG)/log $(VG)/unit; \
	printf '#!/bin/sh\nexec %s --log-file=%s/log/tp.%%p %s "$$@"\n' \
	  '$(VG_CMD)' '$(CURDIR)/$(VG)' '$(CURDIR)/treeplot' >$(VG)/treeplot; \
	chmod +x $(VG)/treeplot; \
	for t in $(UNIT_BIN); do \
	  printf '#!/bin/sh\nexec %s --log-file=%s/log/unit.%%p %s\n' \
	    '$(VG_CMD)' '$(CURDIR)/$(VG)' "$(CURDIR)/$$t" \
	    >$(VG)/unit/$${t##*/}; \
	  chmod +x $(VG)/unit/$${t##*/}; \
	done; \
	TREEPLOT=$(CURDIR)/$(VG)/treeplot BUILD=$(CURDIR)/$(B) \
	  prove --nocolor -j2 $(VG_TESTS) $(UNIT_BIN:$(B)/tests/%=$(VG)/unit/%) || \
	  bad=1; \
	for f in $(VG)/log/*; do \
	  if [ -s "$$f" ]; then echo "check-valgrind: $$f:"; cat "$$f"; \
	    bad=1; fi; \
	done; \
	[ -z "$${bad:-}" ] || exit 1; \
	echo "check-valgrind: no error, no definite leak"

# make lint: the layers' order (check-layers), cppcheck (suppressions
# and why in tests/cppcheck.supp) and clang-tidy (checks and why in
# .clang-tidy, two files at a time) on every C file; any finding fails.
LINT_SRC = $(SRC) $(UNIT_SRC) $(wildcard tests/fuzz/*.c) $(GENHIST_SRC)
# (quoted for the sh -c below; the libraries' headers as system headers,
# so that clang-tidy reports ours only: cairo's live in /usr/include/cairo,
# which HeaderFilterRegex would otherwise take for ours)
LINT_FLAGS = -std=gnu11 -Iinclude -I$(B) $(patsubst -I%,-isystem %,$(PKG_CFLAGS)) \
	     -DTREEPLOT_VERSION=\"$(VERSION)\"

lint: deps-lint $(HTML_ASSETS) $(SCHEMA_PATH_H) check-layers
	$(CPPCHECK) --quiet --enable=warning,style,performance,portability \
	  --error-exitcode=1 --inline-suppr --std=c11 \
	  --suppress=missingIncludeSystem --suppressions-list=tests/cppcheck.supp \
	  -Iinclude -I$(B) -D__GNUC__ -DTREEPLOT_VERSION='"$(VERSION)"' $(LINT_SRC)
	printf '%s\n' $(LINT_SRC) | xargs -P2 -n4 sh -c \
	  '$(CLANG_TIDY) --quiet "$$@" -- $(LINT_FLAGS) 2>/dev/null' clang-tidy
	@echo "lint: no finding"

# make check-layers: a file of src/L/ or include/L/ includes the headers
# of L and of the layers before it in LAYERS only, and a third-party
# library's headers only in the layer that speaks it
# (tools/check-layers.sh lists every offence).
check-layers:
	sh tools/check-layers.sh $(LAYERS)

# make fuzz [FUZZ_SECONDS=N]: each libFuzzer target (tests/fuzz/) for N
# seconds, two at a time, from its seed corpus ($(FUZZ)/seeds/T, made by
# tests/fuzz/mkcorpus.sh from the unit tests' cases) and what earlier
# runs found ($(FUZZ)/corpus/T).  A crash leaves its input as
# $(FUZZ)/crash-T-*.  make check runs each for CHECK_FUZZ_SECONDS.
FUZZ = $(B)/fuzz
FUZZ_TARGETS = classify naming escape commitgraph commitparse pack
FUZZ_BIN = $(FUZZ_TARGETS:%=$(FUZZ)/fuzz-%)
FUZZ_SECONDS ?= 60
CHECK_FUZZ_SECONDS = 8
FUZZ_FLAGS = -fsanitize=fuzzer-no-link,address,undefined \
	     -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS = -std=gnu11 $(WARNINGS) -Iinclude -O1 -g $(FUZZ_FLAGS) -MMD -MP
# The modules fuzzed and what they call, no library but zlib and libpsl
# (url.c's registrable domains), by layer.  The
# commit-graph and pack readers map files; in their fuzz build they read
# them into the heap instead, so AddressSanitizer sees a read one byte
# past the end.
FUZZ_LIBOBJ = $(FUZZ)/util/util.o $(FUZZ)/util/error.o $(FUZZ)/util/buf.o \
	      $(FUZZ)/util/hash.o $(FUZZ)/util/work.o $(FUZZ)/util/escape.o \
	      $(FUZZ)/util/url.o \
	      $(FUZZ)/util/reencode.o $(FUZZ)/git/oid.o $(FUZZ)/git/commitparse.o \
	      $(FUZZ)/git/commitgraph.o $(FUZZ)/git/pack.o \
	      $(FUZZ)/git/repofile.o $(FUZZ)/git/sigbus.o \
	      $(FUZZ)/flow/naming.o $(FUZZ)/flow/identity.o $(FUZZ)/flow/evidence.o \
	      $(FUZZ)/flow/subject.o $(FUZZ)/flow/forge.o \
	      $(FUZZ)/flow/classify.o $(FUZZ)/render/names.o

$(FUZZ)/git/commitgraph.o $(FUZZ)/git/pack.o: FUZZ_CFLAGS += -include tests/fuzz/heapmap.h
$(FUZZ)/%.o: src/%.c | $(FUZZ) deps-fuzz
	@mkdir -p $(@D)
	$(CLANG) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ)/heapmap.o: tests/fuzz/heapmap.c | $(FUZZ) deps-fuzz
	$(CLANG) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ)/libfuzz.a: $(FUZZ_LIBOBJ) $(FUZZ)/heapmap.o
	$(AR) rcs $@ $^

$(FUZZ)/fuzz-%: tests/fuzz/fuzz-%.c $(FUZZ)/libfuzz.a | $(FUZZ)
	$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ)/libfuzz.a \
	  -lpsl -lz

$(FUZZ):
	mkdir -p $@

$(FUZZ)/seeds/stamp: tests/fuzz/mkcorpus.sh $(UNIT_SRC) | $(FUZZ)
	CC='$(CC)' sh tests/fuzz/mkcorpus.sh $(FUZZ)/seeds >/dev/null
	touch $@

fuzz: $(FUZZ_BIN) $(FUZZ)/seeds/stamp
	$(MAKE) -j2 $(FUZZ_TARGETS:%=fuzz-run-%)

fuzz-run-%: $(FUZZ)/fuzz-% $(FUZZ)/seeds/stamp
	@mkdir -p $(FUZZ)/corpus/$*
	@echo "fuzz: $* for $(FUZZ_SECONDS) s"
	@if $(FUZZ)/fuzz-$* -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
	     -rss_limit_mb=2048 -print_final_stats=1 \
	     -artifact_prefix=$(FUZZ)/crash-$*- \
	     $(FUZZ)/corpus/$* $(FUZZ)/seeds/$* >$(FUZZ)/$*.log 2>&1; then \
	  echo "fuzz: $*: $$(grep -E '^(#[0-9]+.*(DONE|cov:)|stat::number_of_executed_units)' \
	    $(FUZZ)/$*.log | tail -n 2 | tr '\n' ' ')"; \
	else \
	  echo "fuzz: $* FAILED (log: $(FUZZ)/$*.log):"; tail -n 60 $(FUZZ)/$*.log; \
	  exit 1; \
	fi

check-fuzz: deps-fuzz
	@if ! command -v $(CLANG) >/dev/null; then \
	  echo "check-fuzz: no $(CLANG), skipped"; exit 0; fi; \
	$(MAKE) fuzz FUZZ_SECONDS=$(CHECK_FUZZ_SECONDS)

-include $(OBJ:.o=.d) $(UNIT_BIN:=.d) $(GENHIST_OBJ:.o=.d)
-include $(SAN_OBJ:.o=.d) $(SAN_UNIT:=.d) $(FUZZ_LIBOBJ:.o=.d) $(FUZZ_BIN:=.d)
-include $(TSAN_OBJ:.o=.d)
