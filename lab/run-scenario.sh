#!/bin/bash
# Runs one scenario of the topology lab in a QEMU guest (TCG) bigger than this
# machine and writes what it captured to OUTDIR:
#   OUTDIR/bundle/        the bundle perfsage capture wrote in the guest, with the
#                         lab's start-and-end readings beside it
#   OUTDIR/console.log    the guest's serial console
#   OUTDIR/capture.log    perfsage capture's own output
#   OUTDIR/qemu-command.txt  the QEMU command line
# Usage: lab/run-scenario.sh NAME OUTDIR [SECONDS]   (lab/README.md lists the names)
# Builds the guest first when needed (lab/build-guest.sh). Every step has a time
# limit; the network namespace, tap, httpd and QEMU it starts are removed by PID on
# exit, also after a failure or Ctrl-C.
set -euo pipefail
# shellcheck source=lab/lib.sh
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || { sed -n '2,12p' "$0" >&2; exit 2; }
NAME=$1
OUTDIR=$2
SECONDS_=${3:-30}
# perf record seconds; "default": 10 for one-cpu-saturated, 0 (off) for the others.
PROFILE_FOR=${PROFILE_FOR:-default}

case $NAME in
    numa-remote|numa-spill|numa-interleave|numa-local|one-cpu-saturated) NIC=0 ;;
    nic-irq-cpu0|nic-irq-spread|irqbalance-off|irqbalance-on) NIC=1 ;;
    *) die "unknown scenario $NAME" ;;
esac

timeout 1200 "$LAB_DIR/build-guest.sh"
G=$LAB_CACHE/x86_64

mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
rm -rf "$OUTDIR/bundle" "$OUTDIR/guest-status" "$OUTDIR/capture.log" "$OUTDIR/load.log"

NS=""
HTTPD_PID=""
QEMU_PID=""
cleanup() {
    [ -n "$QEMU_PID" ] && kill "$QEMU_PID" 2>/dev/null && sleep 1 && kill -9 "$QEMU_PID" 2>/dev/null
    [ -n "$HTTPD_PID" ] && kill "$HTTPD_PID" 2>/dev/null
    [ -n "$NS" ] && ip netns del "$NS" 2>/dev/null
    return 0
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The machine: 8 vCPUs as 4 sockets of 2 cores, one NUMA node per socket with 512 MiB
# each; distances 10 local, 12 to the node paired with it, 20 across the pairs (the
# shape of a two-socket Kunpeng 920's four nodes, at a small scale).
# shellcheck disable=SC2054 # the commas belong to QEMU's options
QEMU=(qemu-system-x86_64 -accel tcg -cpu max -machine pc -m 2G
      -smp 8,sockets=4,cores=2,threads=1)
for n in 0 1 2 3; do
    QEMU+=(-object "memory-backend-ram,id=mem$n,size=512M"
           -numa "node,nodeid=$n,cpus=$((2 * n))-$((2 * n + 1)),memdev=mem$n")
done
for a in 0 1 2 3; do
    for b in 0 1 2 3; do
        [ "$a" -lt "$b" ] || continue
        d=20
        [ $((a / 2)) = $((b / 2)) ] && d=12
        QEMU+=(-numa "dist,src=$a,dst=$b,val=$d")
    done
done
QEMU+=(-kernel "$G/vmlinuz" -initrd "$G/initrd.gz"
       -append "console=ttyS0 loglevel=4 panic=-1 lab.scenario=$NAME lab.duration=$SECONDS_ lab.profile=$PROFILE_FOR"
       -nographic -no-reboot -serial "file:$OUTDIR/console.log" -monitor none -nic none
       -fsdev "local,id=out,path=$OUTDIR,security_model=none"
       -device "virtio-9p-pci,fsdev=out,mount_tag=out")
# A small idle disk (vda, no file system), so that iostat has a device to report
# and perfsage records iostat as captured rather than failed.
mkdir -p "$LAB_CACHE"
[ -s "$LAB_CACHE/disk.img" ] || truncate -s 64M "$LAB_CACHE/disk.img"
QEMU+=(-drive "file=$LAB_CACHE/disk.img,format=raw,if=none,id=disk0,readonly=on"
       -device "virtio-blk-pci,drive=disk0,bus=pci.0")

if [ "$NIC" = 1 ]; then
    # A 4-queue virtio-net NIC on a PCI expander bridge of NUMA node 1, backed by a
    # multi-queue tap in a network namespace of our own, where busybox httpd serves
    # the file the guest downloads.
    NS=perfsage-lab-$$
    ip netns add "$NS"
    ip -n "$NS" link set lo up
    ip -n "$NS" tuntap add dev labtap0 mode tap multi_queue
    ip -n "$NS" addr add 10.200.0.1/24 dev labtap0
    ip -n "$NS" link set labtap0 up
    mkdir -p "$LAB_CACHE/www"
    [ -s "$LAB_CACHE/www/blob" ] || head -c 16M /dev/urandom > "$LAB_CACHE/www/blob"
    ip netns exec "$NS" busybox httpd -f -p 10.200.0.1:8080 -h "$LAB_CACHE/www" &
    HTTPD_PID=$!
    QEMU+=(-device "pxb,id=pxb1,bus_nr=16,numa_node=1,bus=pci.0"
           -netdev "tap,id=n0,ifname=labtap0,script=no,downscript=no,queues=4,vhost=off"
           -device "virtio-net-pci,netdev=n0,mq=on,vectors=10,bus=pxb1,addr=0x0")
    RUN=(ip netns exec "$NS")
else
    RUN=()
fi

printf '%q ' "${QEMU[@]}" > "$OUTDIR/qemu-command.txt"
echo >> "$OUTDIR/qemu-command.txt"
log "booting the guest for scenario $NAME (${SECONDS_}s capture)"
limit=$((SECONDS_ * 4 + 300))
"${RUN[@]}" timeout "$limit" "${QEMU[@]}" &
QEMU_PID=$!
rc=0
wait "$QEMU_PID" || rc=$?
QEMU_PID=""
[ "$rc" = 124 ] && die "the guest did not finish within ${limit}s (see $OUTDIR/console.log)"
[ "$rc" = 0 ] || die "QEMU exited $rc (see $OUTDIR/console.log)"
status=$(cat "$OUTDIR/guest-status" 2>/dev/null || echo none)
[ "$status" = 0 ] || die "the scenario ended with status $status (see $OUTDIR/console.log)"
[ -s "$OUTDIR/bundle/bundle.yaml" ] || die "no bundle came back (see $OUTDIR/console.log)"
log "bundle in $OUTDIR/bundle"
