#!/bin/bash
# Builds the x86_64 guest of the topology lab from Debian packages only:
#   - the kernel: Debian's linux-image-amd64 (the versioned package it depends on),
#     downloaded with apt-get download and unpacked with dpkg-deb;
#   - an initramfs: busybox-static, the capture tools of the host's Debian packages
#     with the shared libraries ldd names, the virtio and 9p modules, perfsage itself
#     ($PERFSAGE_BIN) and the lab's load program (lab/guest/labload.c).
# Writes $LAB_CACHE/x86_64/{vmlinuz,initrd.gz}; does nothing when they were built from
# the same inputs (scripts, load program, perfsage binary). Usage: lab/build-guest.sh [--force]
set -euo pipefail
# shellcheck source=lab/lib.sh
. "$(dirname "$0")/lib.sh"

OUT=$LAB_CACHE/x86_64
FORCE=0
[ "${1:-}" = --force ] && FORCE=1

[ -x "$PERFSAGE_BIN" ] || die "no perfsage binary at $PERFSAGE_BIN (cargo build --release, or set PERFSAGE_BIN)"
ensure_host_packages

# The tools perfsage capture runs, and what the scenarios use. Each is copied from the
# host with the libraries it links.
TOOLS="/usr/bin/mpstat /usr/bin/pidstat /usr/bin/iostat /usr/bin/sar /usr/bin/sadf
/usr/lib/sysstat/sadc /usr/bin/vmstat /usr/bin/ps /usr/bin/pgrep /usr/bin/free
/usr/bin/numactl /usr/bin/numastat /usr/bin/migratepages /usr/bin/perf
/usr/sbin/ethtool /usr/sbin/irqbalance /usr/bin/ip /usr/bin/ss /usr/bin/nstat
/usr/bin/lscpu /usr/bin/dmesg /usr/bin/taskset /usr/bin/df /usr/bin/uname
/usr/bin/getconf /usr/bin/date /usr/bin/timeout /usr/bin/objdump /usr/bin/addr2line"

INPUTS="$0 $LAB_DIR/lib.sh $LAB_DIR/guest/init $LAB_DIR/guest/scenarios.sh $LAB_DIR/guest/labload.c $PERFSAGE_BIN"
# The guest is rebuilt when any input differs from the ones it was built from (by
# content: another perfsage binary counts even when it is older).
# shellcheck disable=SC2086 # one path a word
inputs_sum=$(sha256sum $INPUTS | sha256sum | cut -d' ' -f1)
if [ "$FORCE" = 0 ] && [ -s "$OUT/initrd.gz" ] && [ -s "$OUT/vmlinuz" ] &&
    [ "$(cat "$OUT/inputs.sha256" 2>/dev/null)" = "$inputs_sum" ]; then
    log "guest is up to date: $OUT"
    exit 0
fi

mkdir -p "$OUT" "$LAB_CACHE/debs"

# 1. The kernel package linux-image-amd64 depends on.
kpkg=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/ {print $2; exit}')
[ -n "$kpkg" ] || die "cannot resolve linux-image-amd64 (apt-get update?)"
deb=$(ls "$LAB_CACHE"/debs/"${kpkg}"_*_amd64.deb 2>/dev/null | head -n1 || true)
if [ -z "$deb" ]; then
    log "downloading $kpkg"
    (cd "$LAB_CACHE/debs" && timeout 600 apt-get download "$kpkg" >/dev/null 2>&1) || die "apt-get download $kpkg failed"
    deb=$(ls "$LAB_CACHE"/debs/"${kpkg}"_*_amd64.deb | head -n1)
fi
kx=$LAB_CACHE/x86_64/kernel-tree
rm -rf "$kx" && mkdir -p "$kx"
dpkg-deb -x "$deb" "$kx"
kver=$(ls "$kx/lib/modules" | head -n1)
cp "$kx/boot/vmlinuz-$kver" "$OUT/vmlinuz.new"

# 2. The root file system.
root=$OUT/rootfs
rm -rf "$root"
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,lib,lib64,etc,proc,sys,dev,tmp,run,var/log,mnt/out,root,lab}
cp /bin/busybox "$root/bin/busybox"
for applet in $("$root/bin/busybox" --list-full); do
    [ -e "$root/$applet" ] || ln -s /bin/busybox "$root/$applet"
done

# copy_with_libs FILE [PATH IN GUEST]
copy_with_libs() {
    local f=$1 to=${2:-$1} lib
    [ -e "$f" ] || die "missing on the host: $f"
    mkdir -p "$root$(dirname "$to")"
    rm -f "$root$to"
    cp -L "$f" "$root$to"
    for lib in $(ldd "$f" 2>/dev/null | awk '/=> \// {print $3} /^\t\/lib/ {print $1}'); do
        [ -e "$root$lib" ] && continue
        mkdir -p "$root$(dirname "$lib")"
        cp -L "$lib" "$root$lib"
    done
}
for t in $TOOLS; do copy_with_libs "$t"; done
copy_with_libs "$PERFSAGE_BIN" /usr/bin/perfsage
# irqbalance and getconf look things up at run time.
mkdir -p "$root/run/irqbalance" "$root/var/lib/irqbalance"

# The load program, static so it needs nothing.
gcc -O2 -static -o "$root/usr/bin/labload" "$LAB_DIR/guest/labload.c"

# Kernel modules: virtio PCI, virtio-net, virtio-blk, 9p over virtio, and what they need.
mods="virtio_pci virtio_net virtio_blk 9pnet_virtio 9p"
moddir=$kx/lib/modules/$kver
depmod -b "$kx" "$kver"
need=""
for m in $mods; do
    line=$(grep -E "(^|/)$m\.ko:" "$moddir/modules.dep" | head -n1)
    [ -n "$line" ] || die "module $m not in $kver"
    need="$need ${line%%:*} ${line#*:}"
done
for p in $need; do
    mkdir -p "$root/lib/modules/$kver/$(dirname "$p")"
    cp "$moddir/$p" "$root/lib/modules/$kver/$p"
done
cp "$moddir"/modules.order "$moddir"/modules.builtin "$moddir"/modules.builtin.modinfo "$root/lib/modules/$kver/" 2>/dev/null || true
depmod -b "$root" "$kver"

# Minimal /etc.
echo "root:x:0:0:root:/root:/bin/sh" > "$root/etc/passwd"
echo "root:x:0:" > "$root/etc/group"
echo "lab" > "$root/etc/hostname"
printf '127.0.0.1 localhost\n10.200.0.2 lab\n' > "$root/etc/hosts"

install -m 755 "$LAB_DIR/guest/init" "$root/init"
install -m 755 "$LAB_DIR/guest/scenarios.sh" "$root/lab/scenarios.sh"

log "packing initramfs ($(du -sh "$root" | cut -f1))"
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$OUT/initrd.gz.new"
mv "$OUT/vmlinuz.new" "$OUT/vmlinuz"
mv "$OUT/initrd.gz.new" "$OUT/initrd.gz"
echo "$kpkg $(dpkg-deb -f "$deb" Version)" > "$OUT/kernel-package.txt"
echo "$inputs_sum" > "$OUT/inputs.sha256"
rm -rf "$kx"
log "built $OUT (kernel $kver, initrd $(du -h "$OUT/initrd.gz" | cut -f1))"
