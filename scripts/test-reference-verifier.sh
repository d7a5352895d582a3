#!/usr/bin/env bash
# Differential test against the reference PBN Verifier (../shared/tools/pbn-verifier, Java).
#
# Runs the reference and Kibitzer on every PBN file of the shared corpus, on generated
# mutants (valid games from gen_pbn.py --rich with one mistake each) and on 3,000 whole games
# built from the standard's parts (scripts/pbn_games.py), and compares their
# verdicts game by game (examples/reference_diff.rs), and `fmt --export --eol crlf` with the
# reference's export on every game it exports. Fails on any verdict that differs for a reason
# not documented (docs/diagnostics.md, "Where Kibitzer differs from the reference verifier") and
# on any exported game that is not byte for byte the same (`%` lines aside).
#
# usage: scripts/test-reference-verifier.sh [--mutants N]   (default 5000)
# Installs a JDK and Xvfb with apt-get when missing (the verifier is an AWT program even in batch
# mode). Env: KIBITZER_REFERENCE_WORK (scratch folder; default a fresh temporary one).
set -euo pipefail
cd "$(dirname "$0")/.."

MUTANTS=5000
while [ $# -gt 0 ]; do case $1 in
  --mutants) MUTANTS=$2; shift 2;;
  *) echo "unknown option $1" >&2; exit 2;;
esac; done

SHARED=$(cd .. && pwd)/shared
VERIFIER=$SHARED/tools/pbn-verifier
[ -d "$VERIFIER/java" ] || { echo "no reference verifier at $VERIFIER" >&2; exit 1; }

need=()
# The verifier opens an AWT window even in batch mode: a headless JDK (javac without the X11
# half of AWT) cannot run it, so that one is not enough either.
javac_home=$(dirname "$(dirname "$(readlink -f "$(command -v javac || echo /nonexistent/bin/javac)")")")
[ -f "$javac_home/lib/libawt_xawt.so" ] || need+=(default-jdk)
command -v xvfb-run >/dev/null || need+=(xvfb xauth)
command -v parallel >/dev/null || need+=(parallel)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

WORK=${KIBITZER_REFERENCE_WORK:-$(mktemp -d)}
mkdir -p "$WORK/classes" "$WORK/logs" "$WORK/exports" "$WORK/mutants"
# The verifier's own sources, compiled as they are (nothing of them enters the project).
if [ ! -f "$WORK/classes/nl/tistis/pbn/PbnVerifier.class" ]; then
  javac -nowarn -encoding UTF-8 -d "$WORK/classes" $(find "$VERIFIER/java" -name '*.java') 2>/dev/null
fi

# Mutants: 500 to a file, every game self-contained (no inheritance between them).
files=$(( (MUTANTS + 499) / 500 ))
rm -f "$WORK"/mutants/*.pbn
python3 "$SHARED/tools/gen_pbn.py" 400 --rich --seed 7 -o "$WORK/base.pbn"
# Valid games to mutate: generated ones, and corpus files the reference finds clean.
clean=()
for f in BBA-CLI__1N.pbn ben__From_Jack_2.pbn ben__Free_Super_Sunday_Daylong__Aug_4__Daylong.pbn \
  ben__BBO_Forums_Sunday_Daylong_Daylong.pbn; do
  clean+=(--base "$SHARED/corpus/pbn/$f")
done
python3 scripts/pbn_mutants.py "$WORK/base.pbn" "${clean[@]}" "$WORK/mutants/mutant-" \
  --files "$files" --per-file 500 --seed 11

# Whole games built from the standard's parts (scripts/pbn_games.py): 3,000, seeded.
mkdir -p "$WORK/games"
rm -f "$WORK"/games/*.pbn
python3 scripts/pbn_games.py "$WORK/games/games-" --files 6 --per-file 500 --seed 5

# One verbose log per file (-v echoes the file, so each message can be placed on its line) and
# the verifier's export of it, for the version the file declares (its batch default is PBN 1.0).
cat >"$WORK/run-reference.sh" <<EOF
#!/usr/bin/env bash
for f in "\$@"; do
  b=\$(basename "\$f"); v=-21
  head -c 4000 "\$f" | tr -d '\r' | grep -q '^% PBN 1\.' && v=-10
  head -c 4000 "\$f" | tr -d '\r' | grep -q '^% PBN 2\.0' && v=-20
  # The X server now and then refuses a connection under load: try again.
  for attempt in 1 2 3 4 5; do
    java -cp "$WORK/classes" nl.tistis.pbn.PbnVerifier \$v -v -e "-E$WORK/exports/\$b" \
        "-O$WORK/logs/\$b.log" "\$f" 2>&1 \
      | grep -v '^FilePosBegin\[' >"$WORK/logs/\$b.out" || true
    grep -q "Can't connect to X11" "$WORK/logs/\$b.out" || break
    sleep \$attempt
  done
done
EOF
chmod +x "$WORK/run-reference.sh"

# The corpus, and the standard's own examples (tests/fixtures/standard).
corpus=("$SHARED"/corpus/pbn/* tests/fixtures/standard/*.pbn)
mutants=("$WORK"/mutants/*.pbn)
games=("$WORK"/games/*.pbn)
printf '%s\n' "${corpus[@]}" "${mutants[@]}" "${games[@]}" \
  | xvfb-run -a parallel -j "$(nproc)" -n 10 -X "$WORK/run-reference.sh"

cargo build --release --locked --example reference_diff -q
# Through cargo, which knows where it builds (CARGO_TARGET_DIR, a target-dir in its settings).
reference_diff() { cargo run --release --locked --example reference_diff -q -- "$@"; }
status=0
echo "== the shared corpus"
reference_diff --logs "$WORK/logs" --exports "$WORK/exports" "${corpus[@]}" || status=1
echo "== $MUTANTS mutants"
reference_diff --logs "$WORK/logs" --exports "$WORK/exports" "${mutants[@]}" || status=1
echo "== 3,000 generated games"
reference_diff --logs "$WORK/logs" --exports "$WORK/exports" "${games[@]}" || status=1
exit $status
