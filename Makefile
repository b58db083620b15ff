# StateLint: build, install and the slower integration checks.
#
#   make install PREFIX=/usr/local    release build, installs $(PREFIX)/bin/statelint
#   make uninstall PREFIX=/usr/local
#   make test                         swift test
#   make test-integrations            install + SwiftPM plugin checks (slow: release builds)
#
# DESTDIR is honoured for packaging (installs into $(DESTDIR)$(PREFIX)).

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift
BUILD_PATH ?= .build
INSTALL ?= install

# On Linux the Swift runtime is linked statically: the installed binary then needs no
# toolchain at run time and starts in ~5 ms instead of ~15 ms (dynamic loading dominates a
# pre-commit run on one file).
STATIC_FLAGS := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)
RELEASE_FLAGS = -c release --scratch-path "$(BUILD_PATH)" --product statelint $(STATIC_FLAGS)

.PHONY: build release install uninstall test test-install test-plugin test-integrations version

build:
	$(SWIFT) build --scratch-path "$(BUILD_PATH)"

release:
	$(SWIFT) build $(RELEASE_FLAGS)

install: release
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)"
	$(INSTALL) -m 755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/statelint" "$(DESTDIR)$(BINDIR)/statelint"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/statelint"

test:
	$(SWIFT) test --scratch-path "$(BUILD_PATH)"

test-install:
	Scripts/test-install.sh

test-plugin:
	Scripts/test-plugin.sh

test-integrations: test-install test-plugin

version:
	@sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/StateLintSyntax/Support/Version.swift
