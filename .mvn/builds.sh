# Shared by ./iosim and ./iosim workbench, which each build IOSim on first use and when its sources
# changed. Both builds write the same bundles' target/ folders (and the CLI's build installs them into
# the local Maven repository that the workbench build reads), so a checkout has one build lock for
# both: a second build waits for the running one instead of overwriting the jars under it.

# Runs "$@" holding the checkout's build lock (ROOT/.build.lock), waiting, with a word, if another
# build of this checkout holds it. The lock goes with the process, even when it is killed.
iosim_with_build_lock() {
  local root=$1
  shift
  (
    exec 9> "$root/.build.lock"
    if ! flock -n 9; then
      echo "iosim: another IOSim build of this checkout is running; waiting for it to finish..." >&2
      flock 9
    fi
    "$@"
  )
}

# Whether a source file under PATHS is newer than MARK (or MARK is missing). What builds write
# among the sources never counts: target/ and generated folders, the .tycho-consumer-pom.xml that
# Tycho writes beside each module's pom.xml while it builds, and, in a git checkout, every file git
# ignores (such as the item providers' icons and plugin.properties that the metamodel's build
# generates into org.iosim.pcm.edit).
iosim_sources_changed() {
  local mark=$1 newer ignored
  shift
  [ ! -f "$mark" ] && return 0
  newer=$(find "$@" \( -name target -o -name src-gen -o -name xtend-gen -o -name bin -o -name .settings \) -prune \
      -o -type f ! -name .tycho-consumer-pom.xml ! -name '*.class' ! -name .build.lock -newer "$mark" -print)
  [ -z "$newer" ] && return 1
  if git -C "$(dirname "$1")" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    ignored=$(printf '%s\n' "$newer" | git -C "$(dirname "$1")" check-ignore --stdin || true)
    [ -n "$(comm -23 <(printf '%s\n' "$newer" | sort) <(printf '%s\n' "$ignored" | sort))" ]
  fi
}

# Tycho's compiler compiles only the sources newer than their class files, so after a change a class
# that calls a changed method keeps its old call and fails at run time (NoSuchMethodError), in its own
# module or in another. A build after a change therefore compiles every module's sources again:
# removing the compiled classes (not the generated sources) costs a minute at most.
iosim_forget_compiled_classes() {
  local root=$1
  rm -rf "$root"/bundles/*/target/classes "$root"/engines/*/target/classes
}

# Says after a failed build what failed, where the whole log is, and that running the command again
# builds again (the last good build, if there was one, is untouched).
iosim_report_failed_build() {
  local log=$1
  echo "iosim: the build failed; nothing of the previous build was changed. Its errors:" >&2
  grep -E '^\[ERROR\]' "$log" | head -20 >&2 || true
  echo "iosim: the whole log is $log. Running the same command again retries the build" \
    "(a failure caused by another build or a lost connection goes away then)." >&2
}
