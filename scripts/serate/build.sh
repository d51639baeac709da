#!/bin/sh
# Builds Sudoku Explainer's command-line rater `serate` from source, outside this repository.
#
#   scripts/serate/build.sh SRC OUT
#
# SRC: a checkout of https://github.com/1to9only/SudokuExplainer (LGPL; never copied here).
# OUT: the directory that receives the compiled classes (the classpath for rate.py).
# Needs a JDK (javac 17 was used) and Debian's libjson-simple-java (the settings file
# reader); the GUI's FlatLaf is not needed: javac compiles only what serate and hints
# reach from their main classes.
set -eu
src=${1:?usage: build.sh SRC OUT}
out=${2:?usage: build.sh SRC OUT}
json=/usr/share/java/json-simple.jar
[ -f "$json" ] || { echo "build.sh: $json missing: apt-get install libjson-simple-java" >&2; exit 2; }
mkdir -p "$out"
cd "$src"
# The sources are Latin-1 (a degree sign in generator/Symmetry.java).
javac -nowarn -encoding ISO-8859-1 -cp "$json" -sourcepath . -d "$out" \
    diuf/sudoku/test/serate.java diuf/sudoku/test/hints.java
echo "classpath: $out:$json"
