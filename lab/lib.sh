# Shared settings and helpers of the topology lab; sourced by the lab's scripts.
# shellcheck shell=bash

LAB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(cd "$LAB_DIR/.." && pwd)
# Everything the lab builds lives here (kernel, initramfs, downloaded .debs).
LAB_CACHE=${LAB_CACHE:-$REPO_DIR/target/lab}
# The perfsage binary put into the guest.
# Default: the release build of this repository (cargo build --release).
PERFSAGE_BIN=${PERFSAGE_BIN:-$REPO_DIR/target/release/perfsage}
# Debian packages whose tools go into the x86_64 guest (and that the host needs
# installed, since the guest's tools are copied from the host's files).
HOST_PACKAGES="qemu-system-x86 busybox-static numactl sysstat linux-perf ethtool procps
iproute2 irqbalance util-linux coreutils libc-bin kmod cpio gzip gcc libc6-dev binutils"

log() { printf '[lab %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

# Installs the host packages when one is missing and we are root.
ensure_host_packages() {
    local missing="" p
    for p in $HOST_PACKAGES; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
            missing="$missing $p"
    done
    [ -z "$missing" ] && return 0
    [ "$(id -u)" = 0 ] || die "missing Debian packages:$missing (run as root, or apt-get install them)"
    log "installing:$missing"
    export DEBIAN_FRONTEND=noninteractive
    timeout 600 apt-get -o DPkg::Lock::Timeout=300 update -qq >/dev/null ||
        die "apt-get update failed"
    # shellcheck disable=SC2086
    timeout 900 apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends $missing >/dev/null ||
        die "apt-get install$missing failed"
}
