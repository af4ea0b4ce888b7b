#!/usr/bin/env bash
# Starts a 3-master Redis Cluster on this machine for trying simhash-wasm/redis: ports BASE_PORT..BASE_PORT+2
# (default 7000; the cluster bus uses port + 10000), data and logs in DIR (default ./redis-cluster-data), no
# persistence. Needs redis-server and redis-cli (Debian/Ubuntu: apt-get install redis-server). Stop it with
#   for p in 7000 7001 7002; do redis-cli -p $p shutdown nosave; done
set -euo pipefail
base=${BASE_PORT:-7000}
dir=${DIR:-./redis-cluster-data}
mkdir -p "$dir"
nodes=()
for port in "$base" $((base + 1)) $((base + 2)); do
  redis-server --port "$port" --bind 127.0.0.1 --dir "$dir" --daemonize yes \
    --cluster-enabled yes --cluster-config-file "nodes-$port.conf" --cluster-node-timeout 5000 \
    --save '' --appendonly no --logfile "redis-$port.log"
  nodes+=("127.0.0.1:$port")
done
for port in "$base" $((base + 1)) $((base + 2)); do
  until redis-cli -p "$port" ping >/dev/null 2>&1; do sleep 0.1; done
done
redis-cli --cluster create "${nodes[@]}" --cluster-replicas 0 --cluster-yes >/dev/null
until redis-cli -p "$base" cluster info | grep -q 'cluster_state:ok'; do sleep 0.2; done
echo "Redis Cluster up: $(IFS=,; echo "${nodes[*]}")"
