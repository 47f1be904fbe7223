# SPDX-License-Identifier: GPL-3.0-or-later
# PetSpot for GNOME. No meson: SwiftPM builds, this file installs what is needed
# and wires the commands together. `make run` and `make test` are the whole set-up.

SHELL := /bin/bash
.DEFAULT_GOAL := build

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
APP_ID := io.github.petspot.PetSpot
BUILD := .build/debug
# The GSettings schema, compiled where `make run` and the tests find it
# (GSETTINGS_SCHEMA_DIR), so the app keeps its settings without `make install`.
SCHEMA := resources/gsettings/$(APP_ID).gschema.xml
SCHEMAS := .build/schemas
SCHEMA_INSTALL_DIR := $(PREFIX)/share/glib-2.0/schemas

# Debian/Ubuntu packages: to build and run, and on top of those, to test.
RUN_PACKAGES := libgtk-4-dev libadwaita-1-dev libshumate-dev libsqlite3-dev libcurl4-openssl-dev \
	libsimdjson-dev pkg-config webp-pixbuf-loader adwaita-icon-theme fonts-cantarell gettext \
	libglib2.0-bin dconf-gsettings-backend libsecret-1-dev libgdk-pixbuf-2.0-dev libqrencode-dev
# gnome-keyring is the Secret Service the keyring tests run (Tests/keyring),
# secret-tool and Secret's introspection data read it back; poppler-utils and
# zbar-tools read the printed poster back (its text, its QR code). The server
# tests run on a throw-away PostgreSQL 15 with PostGIS too (Tests/postgres).
TEST_PACKAGES := xvfb xauth dbus dbus-x11 at-spi2-core python3-dogtail python3-pyatspi \
	python3-gi gir1.2-atspi-2.0 imagemagick xdotool appstream desktop-file-utils locales \
	gnome-keyring libsecret-tools gir1.2-secret-1 zbar-tools poppler-utils \
	postgresql-15 postgresql-15-postgis-3 nginx-core
# The e2e suite runs scenarios in Polish too: the C library needs that locale.
TEST_LOCALE := pl_PL.UTF-8

SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
# Prints the packages of the list given that are not installed yet.
missing = $(shell for p in $(1); do \
	[ "$$(dpkg-query -W -f='$${db:Status-Status}' $$p 2>/dev/null)" = installed ] || echo $$p; done)

.PHONY: deps test-deps schemas build run test unit-test server-load e2e sanitize sanitize-thread sanitize-address \
	deploy-check bench soak test-repeat install install-server install-data uninstall clean check-swift check-layers validate-metadata fuzz fuzz-build \
	fuzz-short pot check-po translated-data check-format format openapi-check

check-swift:
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6 is needed: https://www.swift.org/install/linux/"; exit 1; }

deps:
	@$(call install_packages,$(call missing,$(RUN_PACKAGES)))

test-deps: deps
	@$(call install_packages,$(call missing,$(TEST_PACKAGES)))
	@locale -a | grep -qix '$(subst UTF-8,utf8,$(TEST_LOCALE))' || { \
		echo "Generating the $(TEST_LOCALE) locale"; \
		$(SUDO) sed -i 's/^# *\($(TEST_LOCALE) UTF-8\)/\1/' /etc/locale.gen; \
		grep -q '^$(TEST_LOCALE) UTF-8' /etc/locale.gen || echo '$(TEST_LOCALE) UTF-8' | $(SUDO) tee -a /etc/locale.gen >/dev/null; \
		$(SUDO) locale-gen >/dev/null; }

define install_packages
	if [ -n "$(strip $(1))" ]; then \
		echo "Installing: $(strip $(1))"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(1) >/dev/null; \
	fi
endef

build: deps check-swift schemas
	$(SWIFT) build --product petspot
	$(SWIFT) build --product petspot-server
	@$(call compile_translations,$(BUILD))

# Translations (po/, docs/decisions/0042-translations-through-glib-gettext.md):
# each po/<lang>.po compiled beside the executables, where the app looks
# first, and installed to share/locale.
# GNU xgettext has no Swift parser; our messages are plain string literals
# inside tr/trc/trn calls, which its C scanner reads exactly as Swift does.
LANGUAGES := $(shell cat po/LINGUAS)
XGETTEXT := xgettext --language=C --from-code=UTF-8 -k --keyword=tr:1 --keyword=trc:1c,2 --keyword=trn:1,2 \
	--add-comments=TRANSLATORS: --package-name=PetSpot --files-from=po/POTFILES
# The desktop file's Name, GenericName, Comment and Keywords; the metainfo and
# the settings schema's summaries and descriptions by the ITS rules that
# AppStream and GLib install for xgettext.
define extract_data_messages
	xgettext --join-existing -L Desktop -k -kName -kGenericName -kComment -kKeywords -o $(1) $(DESKTOP_FILE)
	xgettext --join-existing -o $(1) $(METAINFO)
	xgettext --join-existing -o $(1) $(SCHEMA)
endef
SOURCES_WITH_MESSAGES = grep -rlE '\btr[cn]?\(' --include='*.swift' Sources | LC_ALL=C sort
# $(call compile_translations,folder of the executables)
define compile_translations
	for lang in $(LANGUAGES); do mkdir -p $(1)/locale/$$lang/LC_MESSAGES && \
		msgfmt --check -o $(1)/locale/$$lang/LC_MESSAGES/petspot.mo po/$$lang.po || exit 1; done
endef

# After adding or changing messages: refresh the template and the catalogues.
pot:
	$(SOURCES_WITH_MESSAGES) > po/POTFILES
	$(XGETTEXT) -o po/petspot.pot
	$(call extract_data_messages,po/petspot.pot)
	for lang in $(LANGUAGES); do msgmerge --quiet --update --backup=none --no-fuzzy-matching po/$$lang.po po/petspot.pot; done

# In `make test`: the template lists every message in the sources with every
# translator's comment, and every language translates each of them (no fuzzy
# or empty entries). The
# placeholders and mnemonics are checked by TranslationCatalogTests.
check-po: deps
	@diff <($(SOURCES_WITH_MESSAGES)) po/POTFILES >/dev/null || { echo "po/POTFILES is out of date: run make pot"; exit 1; }
	@mkdir -p .build && $(XGETTEXT) -o .build/messages.pot
	@$(call extract_data_messages,.build/messages.pot)
	@msgcmp --use-untranslated po/petspot.pot .build/messages.pot || { echo "po/petspot.pot is out of date: run make pot"; exit 1; }
	@[ "$$(grep -rh '// TRANSLATORS:' $$(cat po/POTFILES) | wc -l)" -le "$$(grep -c '^#\. TRANSLATORS:' .build/messages.pot)" ] || { \
		echo "A TRANSLATORS comment does not reach the template: the message must start on the line after it"; exit 1; }
	@for lang in $(LANGUAGES); do msgcmp po/$$lang.po .build/messages.pot || \
		{ echo "po/$$lang.po lacks translations (above): run make pot and translate"; exit 1; }; done

# --strict: a schema GLib would only warn about fails the build instead.
schemas: $(SCHEMAS)/gschemas.compiled
$(SCHEMAS)/gschemas.compiled: $(SCHEMA) | deps
	@mkdir -p $(SCHEMAS)
	glib-compile-schemas --strict --targetdir=$(SCHEMAS) $(dir $(SCHEMA))

# The icon and desktop file are found in resources/ without installing, the
# settings schema in the build folder (ahead of any installed copy).
run: build
	XDG_DATA_DIRS="$(CURDIR)/resources:$${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" \
	GSETTINGS_SCHEMA_DIR="$(CURDIR)/$(SCHEMAS)$${GSETTINGS_SCHEMA_DIR:+:$$GSETTINGS_SCHEMA_DIR}" \
	$(BUILD)/petspot $(ARGS)

test: test-deps check-swift check-format check-layers validate-metadata check-po schemas
	$(SWIFT) build --build-tests
	@$(call compile_translations,$(BUILD))
	$(MAKE) --no-print-directory unit-test server-load deploy-check e2e
	$(MAKE) --no-print-directory openapi-check OPENAPI_EXAMPLES=$(TEST_OPENAPI_EXAMPLES)

# Every Swift file as the toolchain's swift-format lays it out under the
# checked-in .swift-format, and every source file under the project's licence.
SWIFT_SOURCES := Package.swift Sources Tests Fuzz
LICENSED_SOURCES = Makefile .ci/run $(shell find Package.swift Sources Tests Fuzz bench scripts -type f \
	\( -name '*.swift' -o -name '*.c' -o -name '*.h' -o -name '*.cpp' -o -name '*.py' -o -name '*.sh' \) \
	-not -path 'Fuzz/corpus/*')
SPDX_LINE := SPDX-License-Identifier: GPL-3.0-or-later
check-format: check-swift
	@$(SWIFT) format lint --strict --parallel --recursive $(SWIFT_SOURCES)
	@missing=$$(for f in $(LICENSED_SOURCES); do head -n 3 "$$f" | grep -q '$(SPDX_LINE)' || echo "$$f"; done); \
	if [ -n "$$missing" ]; then echo "These files lack the '$(SPDX_LINE)' header:"; echo "$$missing"; exit 1; fi

format: check-swift
	$(SWIFT) format format --in-place --parallel --recursive $(SWIFT_SOURCES)

# Unsafe pointers, C callbacks and the C modules belong to the bridge layers:
# GTK (GLibKit, GtkKit, ShumateKit over CGtk, CShumate, CListModel) and JSON
# (JSONKit over CJSONScan), gettext (GettextKit over CGLib), the keyring
# (SecretKit over CSecret), photos (PixbufKit over CPixbuf), QR codes (QRKit
# over CQRencode). The UI targets
# cannot see the GTK layer's package API; this also keeps every other target
# from importing the C modules directly.
ABOVE_GTK_LAYER := $(filter-out Sources/CGtk Sources/CShumate Sources/CListModel Sources/GLibKit Sources/GtkKit \
	Sources/ShumateKit Sources/CJSONScan Sources/JSONKit Sources/CGLib Sources/GettextKit \
	Sources/CSecret Sources/SecretKit Sources/CPixbuf Sources/PixbufKit Sources/CQRencode Sources/QRKit,$(wildcard Sources/*))
check-layers:
	@if grep -rnE '^\s*(@testable )?import (CGtk|CShumate|CListModel|CJSONScan|CGLib|CSecret|CPixbuf|CQRencode|Glibc)\b|Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|OpaquePointer|@convention\(c\)' \
		$(ABOVE_GTK_LAYER); then \
		echo "Unsafe code and C modules belong in GLibKit, GtkKit, ShumateKit, JSONKit, GettextKit, SecretKit, PixbufKit or QRKit only (above)."; exit 1; fi
	@if grep -rnE '\bMutex\s*[<(]' --include='*.swift' Sources Tests Fuzz; then \
		echo "Share state through PetSpotLocking's Locked (above): ThreadSanitizer cannot see a contended Mutex hand-over."; \
		exit 1; fi

# The AppStream metainfo and the desktop file, as software centres and desktops
# read them. Errors, warnings and infos fail (infos include a missing content
# rating); pedantic hints do not, because the one we get asks for a lowercase
# component id and ours is the fixed application id. Two infos are tolerated:
# Debian 12's AppStream 0.16 does not know <developer> yet, and AppStream 1.0
# calls the <developer_name> that 0.16 reads deprecated; we ship both.
# desktop-file-validate fails on any output, hints included.
METAINFO := resources/$(APP_ID).metainfo.xml
DESKTOP_FILE := resources/applications/$(APP_ID).desktop
APPSTREAM_TOLERATED := ^I: [^ ]+ (unknown-tag developer|developer-name-tag-deprecated)$$
# Both as written (English) and as installed, with the translations merged in.
TRANSLATED_METAINFO := .build/data/$(APP_ID).metainfo.xml
TRANSLATED_DESKTOP_FILE := .build/data/$(APP_ID).desktop
validate-metadata: translated-data
	@$(call install_packages,$(call missing,appstream desktop-file-utils))
	@for file in $(METAINFO) $(TRANSLATED_METAINFO); do \
		out=$$(appstreamcli validate --no-net --explain $$file 2>&1); status=$$?; echo "$$out"; \
		if [ $$status -ne 0 ] || grep -E '^[EWI]: ' <<<"$$out" | grep -vE '$(APPSTREAM_TOLERATED)'; then \
			echo "$$file is not valid AppStream (above; only pedantic hints are allowed)."; exit 1; fi; done
	@for file in $(DESKTOP_FILE) $(TRANSLATED_DESKTOP_FILE); do \
		out=$$(desktop-file-validate $$file 2>&1); status=$$?; \
		if [ $$status -ne 0 ] || [ -n "$$out" ]; then echo "$$out"; \
			echo "$$file is not a clean desktop entry (above)."; exit 1; fi; done
	@echo "Metainfo and desktop file valid."

# The desktop file and metainfo with po/'s translations merged in (msgfmt).
translated-data: deps
	@mkdir -p .build/data
	@msgfmt --desktop --template=$(DESKTOP_FILE) -d po -o $(TRANSLATED_DESKTOP_FILE)
	@msgfmt --xml --template=$(METAINFO) -d po -o $(TRANSLATED_METAINFO)

# GTK widget tests need a display: a private Xvfb. The unit tests, the
# sanitizer runs and the e2e suite look for free displays in different ranges
# (--server-num before -a), so none takes a display another's Xvfb is still
# releasing. CI keeps only the end of the output: on failure the failing lines
# are repeated last, and the whole log stays in the file given. The tests expect
# English and the default formats: the user's locale is left out. They run on a
# private session bus with a real, empty and unlocked gnome-keyring
# (Tests/keyring/with-test-keyring.sh; SecretKitTests use it), never the user's.
# The server tests that take a storage engine run on the one PETSPOT_TEST_ENGINES
# names: the whole suite on SQLite, then the server tests again on PostgreSQL,
# beside a throw-away cluster (Tests/postgres/with-test-postgres.sh), in a run of
# their own, so that the timing tests never share the two cores with it. Swift
# Testing runs at most 4 tests at once: unbounded, some 150 suites start together
# and the raw-socket tests wait past their 10 s bounds for a thread to read on
# (seen on an idle machine; with 4 the suite also ends sooner).
# $(call run_unit_tests,first display number,swift test options,log file,sqlite|postgresql)
define run_unit_tests
	@mkdir -p $(dir $(3))
	@set -o pipefail; \
	$(if $(filter postgresql,$(4)),Tests/postgres/with-test-postgres.sh) \
	xvfb-run --server-num=$(1) --auto-servernum --server-args="-screen 0 1280x1024x24 -noreset" \
		Tests/keyring/with-test-keyring.sh \
		env LC_ALL=C.UTF-8 LANG=C.UTF-8 LANGUAGE= PETSPOT_TEST_ENGINES=$(4) SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=4 \
		$(SWIFT) test --skip-build $(2) 2>&1 | tee $(3) || { status=$$?; \
		echo "== Unit tests failed (exit $$status). What failed (whole log: $(3)):"; \
		grep -E ': error: |✘|Fatal error|fatalError|signal|Crash|Test Case .* failed|^SUMMARY: |Sanitizer:' $(3) \
			| cut -c1-300 | tail -18; \
		exit $$status; }
endef

UNIT_LOG ?= .build/unit-test.log
unit-test:
	$(call run_unit_tests,110,,$(UNIT_LOG),sqlite)
	$(call run_unit_tests,115,--filter PetSpotServerTests,$(UNIT_LOG:.log=-postgresql.log),postgresql)

# The suites run again and again, to find a test that fails only sometimes (one
# that fails one run in five fails CI one submission in five): the unit tests N
# times in a row, then the e2e suite E2E_REPEAT times. Every run goes to the end;
# each unit run keeps its log in .build/repeat/, and the counts close the output.
N ?= 5
E2E_REPEAT ?= 3
test-repeat: test-deps check-swift schemas
	$(SWIFT) build --build-tests
	@$(call compile_translations,$(BUILD))
	@mkdir -p .build/repeat; unit_failed=0; e2e_failed=0; \
	for run in $$(seq $(N)); do echo "== Unit tests, run $$run of $(N)"; \
		$(MAKE) --no-print-directory unit-test UNIT_LOG=.build/repeat/unit-$$run.log || unit_failed=$$((unit_failed + 1)); done; \
	for run in $$(seq $(E2E_REPEAT)); do echo "== End-to-end tests, run $$run of $(E2E_REPEAT)"; \
		$(MAKE) --no-print-directory e2e || e2e_failed=$$((e2e_failed + 1)); done; \
	echo "Unit test runs: $$(( $(N) - unit_failed )) passed, $$unit_failed failed"; \
	echo "End-to-end runs: $$(( $(E2E_REPEAT) - e2e_failed )) passed, $$e2e_failed failed"; \
	[ $$unit_failed -eq 0 ] && [ $$e2e_failed -eq 0 ]

# Slow clients against the built server: 2 000 connections that send half a
# request, the server's open-file limit at 1 024, normal requests still answered
# within a second. Standard library only; a few seconds.
server-load:
	/usr/bin/python3 Tests/server-load/slow_clients.py --server $(BUILD)/petspot-server

# docs/DEPLOY.md on loopback: two server processes on one throw-away PostgreSQL,
# behind nginx with deploy/nginx/petspot-locations.conf.
deploy-check:
	Tests/postgres/with-test-postgres.sh /usr/bin/python3 Tests/deploy/two_servers_behind_nginx.py \
		--server $(BUILD)/petspot-server

# The server against its contract, docs/openapi.yaml: schemathesis (pinned, from
# PyPI, in a virtual environment of its own under .build) sends OPENAPI_EXAMPLES
# generated requests per operation, from a fixed seed, to the server `make build`
# or `make test` built, over a temporary database with the demo reports, on each
# engine: SQLite, then a throw-away PostgreSQL (Tests/openapi/run-schemathesis.sh):
# no 5xx, and every status, content type, header and body as documented.
SCHEMATHESIS_VERSION := 4.32.5
OPENAPI_VENV := .build/openapi-venv
OPENAPI_EXAMPLES ?= 300
# make test's share: about 30 s on SQLite and 60 s on PostgreSQL on two cores.
TEST_OPENAPI_EXAMPLES := 100
$(OPENAPI_VENV)/schemathesis-$(SCHEMATHESIS_VERSION):
	@$(call install_packages,$(call missing,python3-venv))
	rm -rf $(OPENAPI_VENV)
	/usr/bin/python3 -m venv $(OPENAPI_VENV)
	$(OPENAPI_VENV)/bin/pip install --quiet schemathesis==$(SCHEMATHESIS_VERSION)
	touch $@

openapi-check: $(OPENAPI_VENV)/schemathesis-$(SCHEMATHESIS_VERSION)
	Tests/postgres/with-test-postgres.sh sh -c 'for engine in sqlite postgres; do \
		Tests/openapi/run-schemathesis.sh --engine $$engine --server $(BUILD)/petspot-server \
			--schemathesis $(OPENAPI_VENV)/bin/schemathesis --examples $(OPENAPI_EXAMPLES) || exit 1; done'

# Each scenario's app keeps its settings in a key file under its own HOME. First
# the harness's keyring (Tests/e2e/harness/keyring.py) is checked against a real
# gnome-keyring on a private bus of its own.
e2e: schemas
	cd Tests/e2e && dbus-run-session -- /usr/bin/python3 -m harness.keyring
	Tests/e2e/run-e2e.sh --app $(BUILD)/petspot --server $(BUILD)/petspot-server --schemas $(SCHEMAS) $(E2E_ARGS)

# libFuzzer targets (Fuzz/): our code built with -sanitize=fuzzer,address in the
# AddressSanitizer scratch folder, whose dependencies the ASan unit tests have
# already built (only our instrumented modules and the targets compile again);
# PETSPOT_FUZZ declares the targets (Package.swift). `make fuzz` runs each for
# FUZZ_SECONDS (ONLY=DecodeList… for some of them), growing a corpus in
# .build-asan/corpus from the seeds in Fuzz/corpus; `make sanitize` ends with the
# seeds plus FUZZ_RUNS mutations of them per target.
FUZZ_TARGETS := DecodeList DecodeDetail WireDates ImageHeader AreaQuery
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?= 20000
fuzz-build: deps check-swift
	@for target in $(or $(ONLY),$(FUZZ_TARGETS)); do \
		PETSPOT_FUZZ=1 $(SWIFT) build --scratch-path .build-asan --sanitize=address --product Fuzz$$target || exit 1; done

fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run-fuzz.sh long $(or $(ONLY),$(FUZZ_TARGETS))

fuzz-short: fuzz-build
	FUZZ_RUNS=$(FUZZ_RUNS) Fuzz/run-fuzz.sh short $(FUZZ_TARGETS)

# The unit tests again, built with ThreadSanitizer, then with AddressSanitizer
# (LeakSanitizer included), each in its own scratch folder; any report fails the
# run. System libraries (GLib, GTK, libdispatch...) are not instrumented:
# Tests/sanitizers/lsan.supp names the leak reports that are theirs, each with
# its reason; ThreadSanitizer needs none (state shared between threads goes
# through PetSpotLocking.Locked, a pthread mutex it follows; a contended
# Synchronization.Mutex is handed over in the kernel, out of its sight).
# Instrumented code runs 2-20 times slower, so the tests run one at a time: in
# parallel, a test doing seconds of synchronous work holds one of the two
# cores' cooperative threads for a minute, and other tests' await resumptions
# wait behind it. The tests at 100 000 reports (the ScaleTests suites) check
# scale, which `make test` covers; instrumented, they take minutes each and
# hit their HTTP deadlines. The server tests run on SQLite here: every route and
# check above the storage protocol is the same code on both engines, and a second
# instrumented pass on PostgreSQL would cost more of CI's time than it finds.
SANITIZE_TEST_OPTIONS := --no-parallel --skip ScaleTests
SANITIZER_FILES := $(CURDIR)/Tests/sanitizers
sanitize: test-deps check-swift
	@$(MAKE) --no-print-directory sanitize-thread
	@$(MAKE) --no-print-directory sanitize-address
	@$(MAKE) --no-print-directory fuzz-short

sanitize-thread:
	$(SWIFT) build --build-tests --scratch-path .build-tsan --sanitize=thread
	$(call run_unit_tests,150,--scratch-path .build-tsan --sanitize=thread $(SANITIZE_TEST_OPTIONS),.build-tsan/unit-test.log,sqlite)

sanitize-address: export LSAN_OPTIONS := suppressions=$(SANITIZER_FILES)/lsan.supp
# Drawn with cairo, without GL: Mesa's software GL driver is unloaded before
# LeakSanitizer reports, so what it keeps could be neither named nor suppressed.
sanitize-address: export GSK_RENDERER := cairo
sanitize-address: export GDK_DEBUG := gl-disable
sanitize-address:
	$(SWIFT) build --build-tests --scratch-path .build-asan --sanitize=address
	$(call run_unit_tests,150,--scratch-path .build-asan --sanitize=address $(SANITIZE_TEST_OPTIONS),.build-asan/unit-test.log,sqlite)

# Release build: debug figures say little. COUNT=10000 for a quicker run.
# ONLY=server-scale (also part of the whole run, ~5 minutes of it) loads a
# million reports into PostgreSQL and SQLite (decision 0075), inside a
# throw-away PostgreSQL cluster; SCALE=10000000 takes PostgreSQL to ten million.
BENCH_FLOOR := .build/bench/floor-window
BENCH_POSTGRES = $(if $(filter-out server-scale,$(ONLY)),,env PETSPOT_TEST_POSTGRES_SHARED_BUFFERS=1GB \
	Tests/postgres/with-test-postgres.sh)
# Any C compiler: the Swift toolchain brings clang when the system has no cc.
BENCH_CC := $(shell command -v cc >/dev/null && echo cc || echo clang)
bench: deps test-deps check-swift
	@# As `make install` builds them: the Swift runtime linked in, which saves
	@# the dynamic loader a dozen libraries at every start.
	$(SWIFT) build -c release --static-swift-stdlib --product petspot-bench
	$(SWIFT) build -c release --static-swift-stdlib --product petspot
	@$(call compile_translations,.build/release)
	@# The start-up floor: a bare libadwaita window, in C (bench/floor-window.c).
	@mkdir -p $(dir $(BENCH_FLOOR))
	$(BENCH_CC) -O2 -o $(BENCH_FLOOR) bench/floor-window.c $$(pkg-config --cflags --libs libadwaita-1)
	@# A private Xvfb and session bus, as a desktop session has; the map panning
	@# figures use the software renderer, the start-up figures set their own.
	$(BENCH_POSTGRES) xvfb-run --server-num=130 --auto-servernum --server-args="-screen 0 1280x1024x24 -noreset" \
		dbus-run-session -- env GSK_RENDERER=cairo .build/release/petspot-bench $(COUNT) $(if $(ONLY),--only $(ONLY)) \
		$(if $(SCALE),--scale $(SCALE)) \
		--floor $(BENCH_FLOOR) --python-reference bench/decode_reference.py --driver bench/drive_reports.py \
		--results .build/bench/results.json

# The app against petspot-server --demo for MINUTES, refreshing every 200 ms,
# switching tabs and opening details (Tests/soak/soak.py); fails when, after
# warm-up, RSS grows by over 5 MiB, open fds move, or an iteration of the main
# loop takes over 50 ms. SOAK_CONFIG=release soaks the build `make install`
# makes; the debug build is the one `make test` already has.
MINUTES ?= 10
SOAK_CONFIG ?= debug
SOAK_FLAGS := $(if $(filter release,$(SOAK_CONFIG)),-c release --static-swift-stdlib)
soak: test-deps check-swift
	$(SWIFT) build $(SOAK_FLAGS) --product petspot
	$(SWIFT) build $(SOAK_FLAGS) --product petspot-server
	@$(call compile_translations,.build/$(SOAK_CONFIG))
	Tests/soak/run-soak.sh --app .build/$(SOAK_CONFIG)/petspot --server .build/$(SOAK_CONFIG)/petspot-server \
		--minutes $(MINUTES) --build $(SOAK_CONFIG) --results .build/soak

install: deps check-swift
	$(SWIFT) build -c release --static-swift-stdlib --product petspot
	$(SWIFT) build -c release --static-swift-stdlib --product petspot-server
	install -Dm755 .build/release/petspot "$(DESTDIR)$(PREFIX)/bin/petspot"
	install -Dm755 .build/release/petspot-server "$(DESTDIR)$(PREFIX)/bin/petspot-server"
	@$(MAKE) --no-print-directory install-data

# The server alone, for a machine that serves PetSpot (docs/DEPLOY.md): neither
# GTK nor the app's data.
SERVER_PACKAGES := libsqlite3-dev libgdk-pixbuf-2.0-dev webp-pixbuf-loader pkg-config
install-server: check-swift
	@$(call install_packages,$(call missing,$(SERVER_PACKAGES)))
	$(SWIFT) build -c release --static-swift-stdlib --product petspot-server
	install -Dm755 .build/release/petspot-server "$(DESTDIR)$(PREFIX)/bin/petspot-server"

# Everything `make install` puts in place except the programs; needs no build.
install-data: translated-data
	install -Dm644 $(TRANSLATED_DESKTOP_FILE) "$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop"
	install -Dm644 $(TRANSLATED_METAINFO) "$(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml"
	@$(call compile_translations,.build/release)
	for lang in $(LANGUAGES); do install -Dm644 .build/release/locale/$$lang/LC_MESSAGES/petspot.mo \
		"$(DESTDIR)$(PREFIX)/share/locale/$$lang/LC_MESSAGES/petspot.mo"; done
	install -Dm644 resources/icons/hicolor/scalable/apps/$(APP_ID).svg \
		"$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg"
	install -Dm644 resources/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
		"$(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg"
	mkdir -p "$(DESTDIR)$(PREFIX)/share/petspot"
	rm -rf "$(DESTDIR)$(PREFIX)/share/petspot/demo"
	cp -r Sources/PetSpotServer/Demo "$(DESTDIR)$(PREFIX)/share/petspot/demo"
	install -Dm644 $(SCHEMA) "$(DESTDIR)$(SCHEMA_INSTALL_DIR)/$(APP_ID).gschema.xml"
	@# GNOME Shell's search provider, and the D-Bus activation that starts it (and the desktop file's launch).
	install -Dm644 resources/search-provider/$(APP_ID).search-provider.ini \
		"$(DESTDIR)$(PREFIX)/share/gnome-shell/search-providers/$(APP_ID).search-provider.ini"
	mkdir -p "$(DESTDIR)$(PREFIX)/share/dbus-1/services"
	sed 's|@bindir@|$(PREFIX)/bin|' resources/dbus/$(APP_ID).service.in \
		> "$(DESTDIR)$(PREFIX)/share/dbus-1/services/$(APP_ID).service"
	chmod 644 "$(DESTDIR)$(PREFIX)/share/dbus-1/services/$(APP_ID).service"
	@# Packagers (DESTDIR) compile schemas in their package's trigger instead.
	[ -n "$(DESTDIR)" ] || glib-compile-schemas "$(SCHEMA_INSTALL_DIR)"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/petspot" "$(DESTDIR)$(PREFIX)/bin/petspot-server"
	rm -f "$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop"
	rm -f "$(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml"
	rm -f "$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg"
	rm -f "$(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg"
	rm -rf "$(DESTDIR)$(PREFIX)/share/petspot"
	rm -f "$(DESTDIR)$(PREFIX)/share/gnome-shell/search-providers/$(APP_ID).search-provider.ini"
	rm -f "$(DESTDIR)$(PREFIX)/share/dbus-1/services/$(APP_ID).service"
	for lang in $(LANGUAGES); do rm -f "$(DESTDIR)$(PREFIX)/share/locale/$$lang/LC_MESSAGES/petspot.mo"; done
	rm -f "$(DESTDIR)$(SCHEMA_INSTALL_DIR)/$(APP_ID).gschema.xml"
	[ -n "$(DESTDIR)" ] || [ ! -d "$(SCHEMA_INSTALL_DIR)" ] || glib-compile-schemas "$(SCHEMA_INSTALL_DIR)"

clean:
	rm -rf .build .build-fuzz .build-tsan .build-asan Tests/e2e/artifacts
