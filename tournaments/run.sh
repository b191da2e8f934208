#!/bin/sh
# Re-run the tournaments behind docs/strength.md. Each run writes its summary (the --json output,
# which holds the exact command) to tournaments/<name>/summary.json and its game records to
# $RECORDS/<name>/.
#   sh tournaments/run.sh          the game counts of the recorded runs
#   sh tournaments/run.sh 400      400 games for every table (the full tables)
# JOBS=4 sets the number of processes (default 2).
set -e
N=${1:-}
JOBS=${JOBS:-2}
RECORDS=${RECORDS:-/tmp/azulejos-tournaments}
here=$(dirname "$0")
run() {
  name=$1; games=${N:-$2}; shift 2
  mkdir -p "$here/$name"
  azulejos tournament "$@" --games "$games" --jobs "$JOBS" --out "$RECORDS/$name" --json \
    > "$here/$name/summary.json.tmp"
  mv "$here/$name/summary.json.tmp" "$here/$name/summary.json"
}
run 2p-mcts-greedy 400 --bots mcts,greedy --players 2 --time 0.05 --seed 1
run 2p-mcts-flatmc 400 --bots mcts,flatmc --players 2 --time 0.05 --seed 2
run 2p-easy-medium 400 --bots easy,medium --players 2 --time 1 --seed 3
run 2p-medium-hard 400 --bots medium,hard --players 2 --time 1 --seed 4
run 3p-greedy-flatmc-mcts 120 --bots greedy,flatmc,mcts --players 3 --time 0.05 --seed 6
run 4p-random-greedy-flatmc-mcts 80 --bots random,greedy,flatmc,mcts --players 4 --time 0.05 --seed 7
run 2p-hard-expert-100 100 --bots hard,expert --players 2 --time 2 --seed 5
run 2p-hard-expert 400 --bots hard,expert --players 2 --time 2 --seed 5
run 2p-mcts-flatmc-1s 10 --bots mcts,flatmc --players 2 --time 1 --seed 8
# The Master Chocolatier special displays (R40-R47): docs/strength.md, last section (one process each).
run sf-2p-easy-medium 200 --bots easy,medium --players 2 --time 1 --seed 13 --special-factories
run sf-2p-medium-hard 200 --bots medium,hard --players 2 --time 1 --seed 14 --special-factories
run sf-2p-hard-expert 100 --bots hard,expert --players 2 --time 0.5 --seed 15 --special-factories
run sf-2p-mcts-greedy 100 --bots mcts,greedy --players 2 --time 0.05 --seed 16 --special-factories
run sf-2p-mcts-flatmc 100 --bots mcts,flatmc --players 2 --time 0.05 --seed 17 --special-factories
run sf-3p-greedy-flatmc-mcts 60 --bots greedy,flatmc,mcts --players 3 --time 0.05 --seed 18 --special-factories
run sf-2p-mcts-naive 100 --bots mcts,mcts:specials=0 --players 2 --time 0.05 --seed 24 --special-factories
run sf-2p-mcts-naive-300 300 --bots mcts,mcts:specials=0 --players 2 --time 0.05 --seed 25 --special-factories
run sf-2p-greedy-naive 1000 --bots greedy,greedy:specials=0 --players 2 --time 1 --seed 22 --special-factories
run sf-4p-random-greedy-flatmc-mcts 40 --bots random,greedy,flatmc,mcts --players 4 --time 0.05 --seed 19 --special-factories
run sf-2p-flatmc-splits 100 --bots flatmc,flatmc:splits=0 --players 2 --time 0.05 --seed 26 --special-factories
# The compiled search with the module (docs/strength.md, "The compiled search plays the module too").
run sf-2p-fastmcts-mcts-0.25s 40 --bot fastmcts:rounds=1,eval=net --bot mcts:rounds=1 --players 2 --time 0.25 --seed 70 --special-factories
run sf-2p-net-hand-0.25s 40 --bot fastmcts:rounds=1,eval=net --bot fastmcts:rounds=1 --players 2 --time 0.25 --seed 71 --special-factories
# The value network (fastmcts:eval=net, issue 15 item 2): docs/strength.md, "The value network".
run 2p-fastmcts-net-0.1s 100 --bot fastmcts:eval=net --bot fastmcts --players 2 --time 0.1 --seed 41
run 2p-fastmcts-net-0.25s 100 --bot fastmcts:eval=net --bot fastmcts --players 2 --time 0.25 --seed 42
run 3p-fastmcts-net2-0.1s 24 --bot fastmcts:eval=net --bot fastmcts --players 3 --time 0.1 --seed 43
run 3p-fastmcts-net-0.1s 30 --bot fastmcts:eval=net --bot fastmcts --bot fastmcts:eval=hand --players 3 --time 0.1 --seed 44
run 4p-fastmcts-net-0.1s 24 --bot fastmcts:eval=net --bot fastmcts --bot fastmcts:eval=hand --bot fastmcts:c=2 --players 4 --time 0.1 --seed 45
run 2p-fastmcts-net-rounds1-0.1s 60 --bot fastmcts:eval=net --bot fastmcts:rounds=1 --players 2 --time 0.1 --seed 46
run 2p-fastmcts-net-r1-rounds1-0.1s 60 --bot fastmcts:eval=net,rounds=1 --bot fastmcts:rounds=1 --players 2 --time 0.1 --seed 47
run 2p-fastmcts-net-r1-rounds1-0.25s 60 --bot fastmcts:eval=net,rounds=1 --bot fastmcts:rounds=1 --players 2 --time 0.25 --seed 48
run 2p-expert-net-expert-1s 40 --bot expert --bot fastmcts:time=1.8,rounds=1 --players 2 --time 1 --seed 49
run 2p-expert-mcts-1s 60 --bots expert,mcts --players 2 --time 1 --seed 50
# The 1 s tables (issue 15, item 4): docs/strength.md, "The 1 s tables".
run 2p-expert-flatmc-1s 100 --bots expert,flatmc --players 2 --time 1 --seed 51
run 2p-expert-greedy-1s 100 --bots expert,greedy --players 2 --time 1 --seed 52
run 2p-expert-mcts-1s-more 40 --bots expert,mcts --players 2 --time 1 --seed 53
# Growth with time (issue 15, item 1): docs/strength.md, "Does strength grow with time?".
for t in 0.25 1; do
  run 2p-expert-growth-${t}s 40 --bot fastmcts:rounds=1,eval=net --bot fastmcts:iterations=20000,rounds=1,eval=net,manage=0 --players 2 --time $t --seed 60
done
run 2p-expert-growth-4s 30 --bot fastmcts:rounds=1,eval=net --bot fastmcts:iterations=20000,rounds=1,eval=net,manage=0 --players 2 --time 4 --seed 60
run 2p-expert-4s-1s 40 --bot fastmcts:rounds=1,eval=net,time=4,manage=0 --bot fastmcts:rounds=1,eval=net,time=1,manage=0 --players 2 --time 4 --seed 72
# The learned move prior (issue 15, item 2): docs/strength.md, "The learned move prior".
run 2p-prior-hand-0.25s 100 --bot fastmcts:rounds=1,eval=net,prior=net --bot fastmcts:rounds=1,eval=net --players 2 --time 0.25 --seed 61
# The levels on one scale (issue 15, item 3): docs/strength.md, "The levels on one scale".
run 2p-ladder 60 --bots easy,medium,hard,expert --ladder --players 2 --time 2 --seed 62
# Chance nodes (issue 15, item 1): docs/strength.md, "Chance nodes".
run 2p-chance8-nochance-1s 40 --bot fastmcts:rounds=1,eval=net,chance=8 --bot fastmcts:rounds=1,eval=net --players 2 --time 1 --seed 83
run 2p-chance8-4s-1s 40 --bot fastmcts:rounds=1,eval=net,chance=8,time=4,manage=0 --bot fastmcts:rounds=1,eval=net,chance=8,time=1,manage=0 --players 2 --time 4 --seed 84
run 2p-chance8-nochance-0.25s 40 --bot fastmcts:rounds=1,eval=net,chance=8 --bot fastmcts:rounds=1,eval=net --players 2 --time 0.25 --seed 85
run 2p-chance8-shared-1s 40 --bot fastmcts:rounds=1,eval=net,chance=8,shared=1 --bot fastmcts:rounds=1,eval=net,chance=8 --players 2 --time 1 --seed 90
run 2p-chance32-widen-1s 40 --bot fastmcts:rounds=1,eval=net,chance=32,widen=0.5 --bot fastmcts:rounds=1,eval=net,chance=8 --players 2 --time 1 --seed 91
# Growth with time, expert's search with chance nodes (issue 15, item 1): docs/strength.md,
# "Does strength grow with time?" (benchmarks/paired_margins.py compares the runs deal by deal).
for t in 0.25 1 4; do
  run 2p-chance8-growth-${t}s 40 --bot fastmcts:rounds=1,eval=net,chance=8 --bot fastmcts:iterations=20000,rounds=1,eval=net,manage=0 --players 2 --time $t --seed 60
done
