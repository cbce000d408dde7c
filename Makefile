# treeplot - chart how patches flow into a project's mainline.
#
#   make            build ./treeplot
#   make demo       chart a generated kernel-like sample: demo.svg + report
#   make check      build and run every test (one prove run, TAP)
#   make deps       install the Debian packages building and testing need
#   make install    PREFIX=/usr/local DESTDIR= (binary and man page)

VERSION = 0.1.0

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DESTDIR ?=

CC ?= cc
PKG_CONFIG ?= pkg-config
PKGS = libgit2 libcgraph libgvc
CFLAGS ?= -O2 -g
WARNINGS = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	   -Wpointer-arith -Wformat=2 -Wundef -Wvla
PKG_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS := $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)
ALL_CFLAGS = -std=gnu11 $(WARNINGS) -Iinclude $(PKG_CFLAGS) \
	     -DTREEPLOT_VERSION='"$(VERSION)"' $(CFLAGS) -MMD -MP
LDLIBS = $(PKG_LIBS)

# Debian packages: building, then testing (git builds the fixtures, prove
# runs the suite, xmllint, jq and dot check SVG, JSON and DOT, groff the
# man page).
DEPS = gcc make pkg-config libgit2-dev libgraphviz-dev libgvc6 python3 python3-jsonschema \
       fonts-dejavu-core git perl libxml2-utils jq groff-base man-db graphviz

B = build
SRC = $(wildcard src/*.c)
OBJ = $(SRC:src/%.c=$(B)/%.o)
LIBOBJ = $(filter-out $(B)/main.o,$(OBJ))
UNIT_SRC = $(wildcard tests/unit/*.c)
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)
TOOLS = $(B)/genhist

.PHONY: all check check-only demo deps install uninstall clean bench

all: treeplot

treeplot: $(OBJ)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(OBJ) $(LDLIBS)

$(B)/%.o: src/%.c | $(B)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/libtreeplot.a: $(LIBOBJ)
	$(AR) rcs $@ $(LIBOBJ)

$(B)/tests/%: tests/unit/%.c $(B)/libtreeplot.a | $(B)/tests
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(B)/libtreeplot.a $(LDLIBS)

$(B)/genhist: tools/genhist.c | $(B)
	$(CC) -std=gnu11 $(WARNINGS) $(CFLAGS) -MMD -MP -o $@ $<

$(B) $(B)/tests:
	mkdir -p $@

# deps first, in its own make: the pkg-config flags above are only right
# once the libraries are installed.
check: deps
	$(MAKE) check-only

check-only: all $(UNIT_BIN) $(TOOLS)
	TREEPLOT=$(CURDIR)/treeplot BUILD=$(CURDIR)/$(B) \
	  prove --nocolor -j2 $(UNIT_BIN) tests/e2e/*.t

demo: deps
	$(MAKE) all $(TOOLS)
	sh tools/demo.sh $(CURDIR)/treeplot $(CURDIR)/$(B)/genhist

# make bench [REPO=path RANGE='A..B ...']: treeplot against git log and
# rev-list on the same ranges (tools/bench.sh; results in BENCHMARKS.md).
bench: all $(TOOLS)
	sh tools/bench.sh $(REPO) $(RANGE)

deps:
	@if ! command -v dpkg-query >/dev/null; then \
	  echo "deps: not a Debian system; install by hand: $(DEPS)"; exit 0; fi; \
	missing=$$(for p in $(DEPS); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
	    grep -q '^install ok installed$$' || echo $$p; done); \
	if [ -z "$$missing" ]; then echo "deps: all installed"; exit 0; fi; \
	echo "deps: installing$$(echo ' '$$missing)"; \
	if [ "$$(id -u)" = 0 ]; then sudo=; else sudo=sudo; fi; \
	$$sudo apt-get update -q && \
	DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q --no-install-recommends $$missing

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 treeplot $(DESTDIR)$(BINDIR)/treeplot
	install -m 644 man/treeplot.1 $(DESTDIR)$(MANDIR)/man1/treeplot.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/treeplot $(DESTDIR)$(MANDIR)/man1/treeplot.1

clean:
	rm -rf $(B) treeplot demo demo.svg

-include $(OBJ:.o=.d) $(UNIT_BIN:=.d) $(TOOLS:=.d)
