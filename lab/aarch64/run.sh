#!/bin/bash
# The lab's aarch64 guest: Debian's arm64 kernel and user space (busybox-static,
# linux-perf, sysstat, util-linux, procps, numactl, binutils and what they depend
# on, downloaded as arm64 .debs through a private apt configuration under
# $LAB_CACHE/apt-arm64 that leaves the host's apt state alone, and unpacked with
# dpkg-deb), booted by qemu-system-aarch64 (TCG, -machine virt, 4 vCPUs), running
# lab/aarch64/lockload.c built three ways with Debian's cross compiler.
#   lab/aarch64/run.sh CPU OUTDIR BUILD...
#   CPU: max (has LSE atomics) or cortex-a57 (has not); BUILD: llsc, lse, outline
# Writes OUTDIR/<build>/ (mpstat, pidstat, perf report/annotate/script, lscpu,
# cpuinfo, uname, the program's output) and OUTDIR/console.log.
set -euo pipefail
# shellcheck source=lab/lib.sh
. "$(dirname "$0")/../lib.sh"

[ $# -ge 3 ] || { sed -n '2,11p' "$0" >&2; exit 2; }
CPU=$1
OUTDIR=$2
shift 2
BUILDS="$*"
A=$LAB_CACHE/aarch64
APTD=$LAB_CACHE/apt-arm64
PACKAGES="busybox-static linux-perf sysstat util-linux procps numactl libc-bin binutils"

if ! command -v qemu-system-aarch64 >/dev/null || ! command -v aarch64-linux-gnu-gcc >/dev/null; then
    [ "$(id -u)" = 0 ] || die "needs qemu-system-arm and gcc-aarch64-linux-gnu"
    timeout 900 apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends \
        qemu-system-arm gcc-aarch64-linux-gnu libc6-dev-arm64-cross >/dev/null
fi

INPUTS="$0 $LAB_DIR/aarch64/init $LAB_DIR/aarch64/lse-captures.sh $LAB_DIR/aarch64/lockload.c"
# shellcheck disable=SC2086 # one path a word
inputs_sum=$(sha256sum $INPUTS | sha256sum | cut -d' ' -f1)
if [ ! -s "$A/initrd.gz" ] || [ "$(cat "$A/inputs.sha256" 2>/dev/null)" != "$inputs_sum" ]; then
    mkdir -p "$APTD/lists/partial" "$APTD/cache/archives/partial" "$APTD/debs" "$A"
    touch "$APTD/status"
    cat > "$APTD/apt.conf" <<CONF
Dir::State "$APTD";
Dir::State::Lists "$APTD/lists";
Dir::State::status "$APTD/status";
Dir::Cache "$APTD/cache";
Dir::Etc::SourceList "/dev/null";
Dir::Etc::SourceParts "/etc/apt/sources.list.d";
APT::Architecture "arm64";
APT::Architectures "arm64";
Debug::NoLocking "1";
CONF
    export APT_CONFIG=$APTD/apt.conf
    compgen -G "$APTD/lists/*Packages*" >/dev/null || timeout 600 apt-get update -qq
    kpkg=$(apt-cache depends linux-image-arm64 | awk '/Depends: linux-image-[0-9]/ {print $2; exit}')
    [ -n "$(ls "$APTD/debs/${kpkg}"_*.deb 2>/dev/null)" ] ||
        (cd "$APTD/debs" && timeout 600 apt-get download "$kpkg" >/dev/null 2>&1)
    # shellcheck disable=SC2086
    timeout 600 apt-get install --download-only -y -qq --no-install-recommends $PACKAGES >/dev/null
    unset APT_CONFIG

    root=$A/rootfs
    rm -rf "$root" && mkdir -p "$root"
    for d in "$APTD"/cache/archives/*.deb; do dpkg-deb -x "$d" "$root"; done
    rm -rf "$root"/usr/share/{doc,man,info,locale,lintian}
    kx=$A/kernel-tree
    rm -rf "$kx" && mkdir -p "$kx"
    dpkg-deb -x "$(ls "$APTD/debs/${kpkg}"_*.deb | head -n1)" "$kx"
    kver=$(ls "$kx/lib/modules" | head -n1)
    cp "$kx/boot/vmlinuz-$kver" "$A/vmlinuz"
    depmod -b "$kx" "$kver"
    moddir=$kx/lib/modules/$kver
    for m in virtio_pci 9pnet_virtio 9p; do
        line=$(grep -E "(^|/)$m\\.ko:" "$moddir/modules.dep" | head -n1)
        [ -n "$line" ] || continue   # built in
        for p in ${line%%:*} ${line#*:}; do
            mkdir -p "$root/lib/modules/$kver/$(dirname "$p")"
            cp "$moddir/$p" "$root/lib/modules/$kver/$p"
        done
    done
    cp "$moddir"/modules.order "$moddir"/modules.builtin "$moddir"/modules.builtin.modinfo "$root/lib/modules/$kver/" 2>/dev/null || true
    depmod -b "$root" "$kver"
    rm -rf "$kx"
    mkdir -p "$root"/{proc,sys,dev,tmp,run,mnt/out,root,lab,etc,sbin}
    # busybox applets for what the packages do not provide (sh, mount, modprobe, ...).
    for applet in $(busybox --list-full); do
        [ -e "$root/$applet" ] || [ -L "$root/$applet" ] || { mkdir -p "$root/$(dirname "$applet")"; ln -s /bin/busybox "$root/$applet"; }
    done
    echo "root:x:0:0:root:/root:/bin/sh" > "$root/etc/passwd"
    echo "root:x:0:" > "$root/etc/group"
    printf '/lib/aarch64-linux-gnu\n/usr/lib/aarch64-linux-gnu\n' > "$root/etc/ld.so.conf"
    for v in "llsc:-march=armv8-a -mno-outline-atomics" "lse:-march=armv8.1-a" "outline:-march=armv8-a"; do
        # shellcheck disable=SC2086
        aarch64-linux-gnu-gcc -O2 -g -static -pthread ${v#*:} -o "$root/usr/bin/lockload-${v%%:*}" "$LAB_DIR/aarch64/lockload.c"
    done
    install -m 755 "$LAB_DIR/aarch64/init" "$root/init"
    install -m 755 "$LAB_DIR/aarch64/lse-captures.sh" "$root/lab/lse-captures.sh"
    log "packing the aarch64 initramfs ($(du -sh "$root" | cut -f1))"
    (cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$A/initrd.gz.new"
    mv "$A/initrd.gz.new" "$A/initrd.gz"
    echo "$inputs_sum" > "$A/inputs.sha256"
fi

mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
rm -f "$OUTDIR/guest-status"
QEMU_PID=""
trap '[ -n "$QEMU_PID" ] && kill "$QEMU_PID" 2>/dev/null; true' EXIT
trap 'exit 130' INT TERM
QEMU=(qemu-system-aarch64 -accel tcg -machine virt -cpu "$CPU" -smp 4 -m 1G
      -kernel "$A/vmlinuz" -initrd "$A/initrd.gz"
      -append "console=ttyAMA0 loglevel=4 panic=-1 lab.variants=$(echo "$BUILDS" | tr ' ' ,)"
      -nographic -no-reboot -serial "file:$OUTDIR/console.log" -monitor none -nic none
      -fsdev "local,id=out,path=$OUTDIR,security_model=none"
      -device "virtio-9p-pci,fsdev=out,mount_tag=out")
printf '%q ' "${QEMU[@]}" > "$OUTDIR/qemu-command.txt"
echo >> "$OUTDIR/qemu-command.txt"
log "booting the aarch64 guest (-cpu $CPU) for: $BUILDS"
timeout 1200 "${QEMU[@]}" &
QEMU_PID=$!
rc=0
wait "$QEMU_PID" || rc=$?
QEMU_PID=""
[ "$rc" = 0 ] || die "QEMU exited $rc (see $OUTDIR/console.log)"
[ "$(cat "$OUTDIR/guest-status" 2>/dev/null)" = 0 ] || die "the guest's captures failed (see $OUTDIR/console.log)"
log "done: $OUTDIR"
