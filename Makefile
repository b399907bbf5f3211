# Outpost build entry points.
#
#   make                 release build, copied to ./outpost
#   make EXE=<path>      the same, copied to <path>: the convention of OpenBench workers, which
#                        also pass compiler variables (CC, CXX, ...) that a Rust build ignores
#   make test            every test (tests/run.sh)
#   make bench           the node-count signature of the release binary (bench.signature
#                        records the count it must give)
#
# No target-cpu flags here: the binary must run on every worker; the board crate picks PEXT or
# magics at run time.

EXE ?= outpost
CARGO ?= cargo
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
ifeq ($(OS),Windows_NT)
	SUFFIX := .exe
endif

.PHONY: all build test bench

all: build

build:
	$(CARGO) build --release -p outpost
	cp "$(TARGET_DIR)/release/outpost$(SUFFIX)" "$(EXE)"

test:
	tests/run.sh

bench: build
	"$(abspath $(EXE))" bench
