#!/usr/bin/env bash
# Builds SimQPN (the QPN simulator of QPME) from QPME's public sources into a cache outside the
# repository, for benchmarking IOSim's QPN engine against it. Nothing built or fetched here belongs
# in the repository (QPME is EPL-licensed and is not committed).
#
#   benchmarks/simqpn/build-simqpn.sh QPME_SOURCES
#
# QPME_SOURCES is either a (bare or normal) git repository of DescartesResearch/QPME, whose HEAD is
# used, or a checked-out/extracted copy holding sources/qpme.simqpn.kernel and
# redistributable_libraries/sources/jbarrier-src-1.0.jar.
#
# Result (printed at the end), in ${SIMQPN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/iosim/simqpn}:
#   simqpn-kernel.jar        SimQPN's kernel (all of qpme.simqpn.kernel/src) plus jbarrier
#   lib/*.jar                its third-party libraries from Maven Central (pinned in pom.xml)
#   event-counter-agent.jar  our Java agent counting transition firings and service completions
#   classpath                the class path for java -cp
#   build-info               QPME commit, JDK and library versions of this build
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd "$here/../.." && pwd)
cache=${SIMQPN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/iosim/simqpn}

step() { echo "build-simqpn: $*" >&2; }
fail() { echo "build-simqpn: FAILED at step '$current_step': $*" >&2; exit 1; }
current_step="arguments"

if [ $# -ne 1 ]; then
  echo "usage: $0 QPME_SOURCES   (a git repository of DescartesResearch/QPME, bare or not, or an extracted copy)" >&2
  exit 2
fi
source_arg=$1
[ -e "$source_arg" ] || fail "$source_arg does not exist"

# --- JDK: the newest one found (JAVA_HOME first if it is new enough). The kernel needs 17+; the event
# counting agent uses java.lang.classfile and so needs 24+.
current_step="find a JDK"
java_feature() { "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p'; }
find_jdk() {
  local best="" best_feature=0 home feature
  local candidates=()
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  command -v javac >/dev/null 2>&1 && candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")")
  for home in /usr/lib/jvm/* /opt/java/* /opt/jdk* /usr/local/lib/jvm/*; do [ -d "$home" ] && candidates+=("$home"); done
  for home in "${candidates[@]}"; do
    [ -x "$home/bin/javac" ] && [ -x "$home/bin/jar" ] || continue
    feature=$(java_feature "$home"); [ -n "$feature" ] || continue
    if [ "$home" = "${JAVA_HOME:-}" ] && [ "$feature" -ge 24 ]; then best=$home; best_feature=$feature; break; fi
    if [ "$feature" -gt "$best_feature" ]; then best=$home; best_feature=$feature; fi
  done
  jdk=$best; jdk_feature=$best_feature
}
find_jdk
[ -n "$jdk" ] && [ "$jdk_feature" -ge 17 ] || fail "no JDK 17 or newer found (set JAVA_HOME)"
step "JDK $jdk_feature at $jdk"

mkdir -p "$cache"
staging=$(mktemp -d "$cache/.build.XXXXXX")
trap 'rm -rf "$staging"' EXIT

# --- 1. QPME sources: the kernel and jbarrier's sources (QPME ships jbarrier, which is not on Maven Central).
current_step="extract QPME sources"
kernel_path=sources/qpme.simqpn.kernel
jbarrier_path=redistributable_libraries/sources/jbarrier-src-1.0.jar
mkdir -p "$staging/src"
if git -C "$source_arg" rev-parse --git-dir >/dev/null 2>&1; then
  qpme_commit=$(git -C "$source_arg" rev-parse HEAD) || fail "$source_arg has no HEAD commit"
  step "extracting $kernel_path and $jbarrier_path from git repository $source_arg at $qpme_commit"
  git -C "$source_arg" archive HEAD "$kernel_path" | tar -x -C "$staging/src" \
    || fail "git archive of $kernel_path failed"
  mkdir -p "$staging/src/$(dirname "$jbarrier_path")"
  git -C "$source_arg" show "HEAD:$jbarrier_path" > "$staging/src/$jbarrier_path" \
    || fail "cannot read $jbarrier_path from the repository"
else
  qpme_commit="(extracted copy at $(cd "$source_arg" && pwd))"
  for p in "$kernel_path" "$jbarrier_path"; do
    [ -e "$source_arg/$p" ] || fail "$source_arg/$p is missing (expected a QPME checkout)"
  done
  step "copying $kernel_path and $jbarrier_path from $source_arg"
  mkdir -p "$staging/src/$(dirname "$jbarrier_path")" "$staging/src/sources"
  cp -R "$source_arg/$kernel_path" "$staging/src/sources/"
  cp "$source_arg/$jbarrier_path" "$staging/src/$jbarrier_path"
fi
kernel_src=$staging/src/$kernel_path/src
[ -f "$kernel_src/de/tud/cs/simqpn/kernel/console/SimQPN.java" ] || fail "no console/SimQPN.java under $kernel_src"

# --- 2. Third-party libraries from Maven Central, through the project's Maven wrapper.
current_step="fetch libraries with Maven"
step "fetching the libraries pinned in $here/pom.xml (Maven Central)"
mkdir -p "$staging/lib"
if ! "$repo_root/mvnw" -q -f "$here/pom.xml" \
    org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
    -DoutputDirectory="$staging/lib" >"$staging/maven.log" 2>&1; then
  grep -E '^\[(ERROR|FATAL)\]' "$staging/maven.log" | head -15 >&2 || tail -15 "$staging/maven.log" >&2
  fail "Maven could not copy the dependencies (log above)"
fi
n_libs=$(find "$staging/lib" -name '*.jar' | wc -l)
[ "$n_libs" -eq 7 ] || fail "expected 7 library jars, got $n_libs in $staging/lib"
lib_cp=$(find "$staging/lib" -name '*.jar' | sort | sed "s|^$staging/lib/||" | tr '\n' ' ')

# --- 3. Compile jbarrier (packages barrier and util; its examples package is not needed) and the whole kernel.
current_step="compile SimQPN"
mkdir -p "$staging/jbarrier-src" "$staging/classes"
(cd "$staging/jbarrier-src" && "$jdk/bin/jar" xf "$staging/src/$jbarrier_path") || fail "cannot unpack $jbarrier_path"
{
  find "$staging/jbarrier-src/edu/bonn/cs/net/jbarrier/barrier" "$staging/jbarrier-src/edu/bonn/cs/net/jbarrier/util" -name '*.java'
  find "$kernel_src" -name '*.java'
} > "$staging/sources.txt"
n_kernel=$(find "$kernel_src" -name '*.java' | wc -l)
step "compiling $n_kernel kernel source files and jbarrier (javac --release 17)"
compile_cp=$(find "$staging/lib" -name '*.jar' | sort | tr '\n' ':')
# QPME's sources are ISO-8859-1 (authors' names in comments); -nowarn hides their deprecation notes.
if ! "$jdk/bin/javac" --release 17 -encoding ISO-8859-1 -nowarn -Xlint:none -cp "$compile_cp" \
    -d "$staging/classes" @"$staging/sources.txt" >"$staging/javac.log" 2>&1; then
  grep -v '^Note:' "$staging/javac.log" | head -30 >&2
  fail "javac failed (first errors above)"
fi
# Non-Java resources of the kernel (the XSLT that flattens hierarchical nets).
(cd "$kernel_src" && find . -type f ! -name '*.java' ! -name '*_Jan2010' -exec cp --parents {} "$staging/classes/" \;)
printf 'Main-Class: de.tud.cs.simqpn.kernel.console.SimQPN\nClass-Path: %s\n' \
  "$(echo "$lib_cp" | sed 's|\([^ ]*\)|lib/\1|g')" > "$staging/manifest.txt"
"$jdk/bin/jar" cfm "$staging/simqpn-kernel.jar" "$staging/manifest.txt" -C "$staging/classes" . \
  || fail "jar of the kernel failed"

# --- 4. Our event-counting agent (needs JDK 24+).
current_step="build the event counter agent"
if [ "$jdk_feature" -ge 24 ]; then
  mkdir -p "$staging/agent-classes"
  "$jdk/bin/javac" --release "$jdk_feature" -d "$staging/agent-classes" \
    "$here/agent/org/iosim/benchmarks/simqpn/EventCounterAgent.java" || fail "javac of the agent failed"
  printf 'Premain-Class: org.iosim.benchmarks.simqpn.EventCounterAgent\n' > "$staging/agent-manifest.txt"
  "$jdk/bin/jar" cfm "$staging/event-counter-agent.jar" "$staging/agent-manifest.txt" -C "$staging/agent-classes" . \
    || fail "jar of the agent failed"
else
  step "WARNING: JDK $jdk_feature < 24: no event counter agent; run-simqpn.sh will report times only"
fi

# --- 5. Install into the cache (replacing an earlier build).
current_step="install into $cache"
{
  echo "qpme-commit=$qpme_commit"
  echo "jdk=$jdk (feature $jdk_feature)"
  echo "javac-release=17"
  echo "libraries=$lib_cp"
  echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > "$staging/build-info"
rm -rf "$cache/lib" "$cache/simqpn-kernel.jar" "$cache/event-counter-agent.jar" "$cache/classpath" "$cache/build-info"
mv "$staging/lib" "$cache/lib"
mv "$staging/simqpn-kernel.jar" "$cache/"
[ -f "$staging/event-counter-agent.jar" ] && mv "$staging/event-counter-agent.jar" "$cache/"
mv "$staging/build-info" "$cache/"
(cd "$cache" && echo "$cache/simqpn-kernel.jar:$(find "$cache/lib" -name '*.jar' | sort | tr '\n' ':' | sed 's/:$//')") > "$cache/classpath"

echo "SimQPN built from QPME $qpme_commit:"
echo "  kernel:  $cache/simqpn-kernel.jar"
echo "  libs:    $cache/lib/ ($n_libs jars)"
[ -f "$cache/event-counter-agent.jar" ] && echo "  agent:   $cache/event-counter-agent.jar"
echo "  run:     $here/run-simqpn.sh NET.qpe [CONFIGURATION]"
