#!/bin/sh
# The default `menace train` against the pure-Python MENACE yardstick, in one run:
# alternates them RUNS times (default 3) and prints each rate, the medians and the ratio.
#   cargo build --release && sh benches/train_vs_python.sh
# Wall-clock rates: run it on a quiet machine, or accept that load slows both alike.
set -eu
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
games=10000000
py=""; rs=""
i=1
while [ "$i" -le "$runs" ]; do
  p=$(python3 benches/menace_baseline.py --games 200000 --window 200000 | sed -n 's/.* \([0-9][0-9]*\) games\/s.*/\1/p')
  s=$(date +%s.%N)
  ./target/release/menace train --games "$games" --opponent random > /dev/null
  e=$(date +%s.%N)
  r=$(echo "$games / ($e - $s)" | bc)
  echo "run $i: python $p games/s; menace train --games $games --opponent random: $r games/s"
  py="$py $p"; rs="$rs $r"
  i=$((i + 1))
done
median() { printf '%s\n' $1 | sort -n | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
mp=$(median "$py"); mr=$(median "$rs")
echo "median: python $mp games/s, menace train $mr games/s, ratio $(echo "scale=1; $mr / $mp" | bc)"
