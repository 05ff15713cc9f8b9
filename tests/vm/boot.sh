#!/usr/bin/env bash
# tests/vm/boot.sh: boot a kernel under QEMU (TCG) with this machine's root over 9p and
# run one command in it; exit with the command's status.
#
# Usage: tests/vm/boot.sh --kernel BZIMAGE [--modules-release VER [--modules-root DIR]]
#            [--arch ARCH] [--root DIR] [--append "CMDLINE"]
#            [--smp N] [--mem MB] [--timeout SECONDS] [--out DIR] [--expose DIR]... [--bench]
#            -- COMMAND...
#   --kernel BZIMAGE        kernel image to boot (e.g. /boot/vmlinuz-VER, or a bzImage).
#   --modules-release VER   load virtio_pci, 9pnet_virtio and 9p (and what they need; on
#                           s390x only the last two, its virtio over CCW is built in) from
#                           /lib/modules/VER in the initramfs; omit for a kernel that has
#                           them built in (the debug kernel).
#   --modules-root DIR      take those modules from DIR/lib/modules/VER instead of the host's
#                           /lib/modules (a kernel package unpacked into the cache, with
#                           depmod -b DIR run on it); the guest sees DIR/lib/modules as its
#                           /lib/modules, so it autoloads that kernel's modules.
#   --arch ARCH             x86_64 (the default), or a Debian architecture this machine
#                           emulates: arm64, armhf, i386, mips64el, mipsel, riscv64, s390x,
#                           ppc64el; the table 'arches' below says which QEMU, machine and
#                           console each boots with, for Debian's kernel of it.  A foreign
#                           guest's initramfs carries that architecture's busybox-static
#                           (downloaded once into the cache with tests/matrix/apt.sh, never
#                           installed), and it gets TPSTAT_BUILD_SUFFIX=-ARCH unless set
#                           (the cross-built tools).
#   --root DIR              the guest's / (read-only): default the host's / for x86_64, and
#                           tests/vm/root.sh ARCH's Debian root for the others.  With
#                           a root other than /, the checkout holding this script is shared
#                           too and mounted at its own path, the host's /tmp is shared for
#                           --expose, and --modules-root's lib/modules is shared as the
#                           guest's /lib/modules; the current directory must lie in the
#                           checkout or in an exposed /tmp dir.
#   --append "CMDLINE"      extra kernel command line (e.g. acpi=noirq for the debug kernel).
#   --smp N / --mem MB      CPUs (default 2; always 1 on Malta) and memory (default 2048).
#   --timeout SECONDS       kill QEMU after this long (default 600): exit status 124.
#   --out DIR               keep the console log and what the guest wrote here (default: a
#                           new temp dir, printed on stderr).
#   --expose DIR            the guest's /tmp is a fresh tmpfs; make this host dir (under
#                           /tmp) visible there read-only, at the same path. The top-level
#                           /tmp/X dir holding the current directory is exposed anyway.
#   --bench                 deterministic timing: one vCPU, single-threaded TCG, -icount.
#   COMMAND...              one argument: a bash script text ('uname -r; echo hi');
#                           several: a command and its arguments, passed on exactly.
#
# In the guest the host's / is mounted read-only; /tmp, /run and /dev/shm are tmpfs;
# /tmp/out is writable and shared with the host; proc, sysfs, devtmpfs, devpts, debugfs
# and tracefs are mounted; lo is up; the kernel autoloads modules through the host's
# /sbin/modprobe and /lib/modules. COMMAND runs as root with bash, in the directory
# boot.sh was called from, with the caller's PATH, HOME, LANG, LC_ALL and TPSTAT_*
# variables. Its output goes to the console and to /tmp/out/output.log.
#
# On the host: DIR/console.log (the whole serial console), DIR/output.log and whatever else
# the guest wrote to /tmp/out. TPSTAT_VM_VERBOSE=1 also streams the console to stdout.
# Exit status: COMMAND's; 124 on timeout (and on a Malta guest that froze: DIR/frozen
# says so, and DIR/stalls lists each time its heartbeat was late); 125 if the guest never wrote a status (boot
# failure: the last 40 console lines are printed).
# The initramfs (busybox-static) is cached in
# ${TPSTAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tpstat}/initramfs-<key>.cpio.gz.
set -euo pipefail

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")

usage() {
	sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$self"
}
die() {
	echo "boot.sh: $*" >&2
	exit 2
}

kernel='' release='' modroot='' append='' smp=2 mem=2048 timeout=600 out='' bench=0
arch=x86_64 root=''
expose=()
while (($#)); do
	case $1 in
	--kernel) kernel=${2?}; shift ;;
	--modules-release) release=${2?}; shift ;;
	--modules-root) modroot=${2?}; shift ;;
	--arch) arch=${2?}; shift ;;
	--root) root=${2?}; shift ;;
	--append) append=${2?}; shift ;;
	--smp) smp=${2?}; shift ;;
	--mem) mem=${2?}; shift ;;
	--timeout) timeout=${2?}; shift ;;
	--out) out=${2?}; shift ;;
	--expose) expose+=("${2?}"); shift ;;
	--bench) bench=1 ;;
	-h | --help) usage; exit 0 ;;
	--) shift; break ;;
	*) die "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
(($#)) || die "no COMMAND given (try --help)"
[[ -n $kernel ]] || die "--kernel is required"
[[ -r $kernel ]] || die "cannot read kernel image '$kernel'"
[[ $smp =~ ^[1-9][0-9]*$ && $mem =~ ^[1-9][0-9]*$ && $timeout =~ ^[1-9][0-9]*$ ]] ||
	die "--smp, --mem and --timeout take positive integers"
cache_root=${TPSTAT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tpstat}
checkout=$(cd "$(dirname "$self")/../.." && pwd -P)

# The architectures, one a line: Debian's name; the release its busybox-static
# comes from (that of its kernel and root; x86_64 takes the host's); the
# console; the modules that give the initramfs virtio and 9p, in load order
# (one built into the kernel is skipped); what the kernel command line
# needs ('-': nothing); and the rest of the line, QEMU and its machine.
# Notes:
# - armhf: highmem=off, nothing above 4 GiB for a kernel without LPAE (armmp).
# - riscv64: QEMU's bundled OpenSBI is the firmware (-M virt's default).
# - s390x: vx=off, no vector facility: with it, Debian 12's QEMU (7.2)
#   gives the 7.x kernel's vector checksum wrong answers, and every TCP
#   segment over loopback fails its checksum (Tcp InCsumErrors, no RST
#   for a closed port); the kernel's scalar checksum is right.
# - s390x: virtio is over CCW, built in (CONFIG_S390_GUEST), not PCI; the
#   console is the SCLP's VT220 line, which -nographic connects.
# - ppc64el: x-vof=on, QEMU's small Virtual Open Firmware instead of SLOF;
#   the kernel is the vmlinux ELF.  The cap-* settings are what TCG can do
#   (it warned of each spectre workaround it could not provide).
# - i386: -cpu max, the fullest CPU TCG emulates, for the 686-pae kernel.
# - mips64el, mipsel: Malta, whose QEMU takes at most 2 GiB; the 5kc kernel
#   is MIPS64r2, so the 5KEc core; either boots the vmlinux ELF, with one
#   vCPU and the shares as functions of one PCI slot (both below).
#   no_file_caps: 9P2000.L carries the host's errno numbers, and MIPS has
#   others; the EOPNOTSUPP (95) that QEMU answers the kernel's lookup of
#   a file's capabilities reads as ENOTSOCK there, and every exec from a
#   share failed with it.  Without file capabilities nothing looks.
# - x86_64, i386: no_timer_check.  The kernel checks at boot that the
#   IO-APIC's timer ticks within a few of its loops; on a host busy with
#   other guests the emulated CPU's loops and the timer drift apart, and
#   6.12 panicked once ("IO-APIC + timer doesn't work") before init ran.
#   Virtual machines' kernels skip that check (KVM's do by default).
arches='
x86_64   -        ttyS0    virtio_pci,9pnet_virtio,9p  no_timer_check qemu-system-x86_64
arm64    bookworm ttyAMA0  virtio_pci,9pnet_virtio,9p  -            qemu-system-aarch64 -M virt -cpu cortex-a57
armhf    bookworm ttyAMA0  virtio_pci,9pnet_virtio,9p  -            qemu-system-arm -M virt,highmem=off -cpu cortex-a15
i386     bookworm ttyS0    virtio_pci,9pnet_virtio,9p  no_timer_check qemu-system-i386 -cpu max
mips64el bookworm ttyS0    virtio_pci,9pnet_virtio,9p  no_file_caps qemu-system-mips64el -M malta -cpu 5KEc
mipsel   bookworm ttyS0    virtio_pci,9pnet_virtio,9p  no_file_caps qemu-system-mipsel -M malta -cpu 24Kf
riscv64  trixie   ttyS0    virtio_pci,9pnet_virtio,9p  -            qemu-system-riscv64 -M virt
s390x    sid      ttysclp0 9pnet_virtio,9p             -            qemu-system-s390x -M s390-ccw-virtio -cpu qemu,vx=off
ppc64el  sid      hvc0     virtio_pci,9pnet_virtio,9p  -            qemu-system-ppc64 -M pseries,x-vof=on,cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-ccf-assist=off
'
read -r _ busybox_release console_dev initrd_modules arch_append qemu_line < <(
	awk -v a="$arch" '$1 == a' <<<"$arches") ||
	die "unknown --arch '$arch' ($(awk 'NF { printf "%s%s", sep, $1; sep = ", " }' <<<"$arches"))"
read -r -a qemu_system <<<"$qemu_line"
for tool in "${qemu_system[0]}" cpio gzip; do
	command -v "$tool" >/dev/null || die "$tool is missing (run tests/deps.sh)"
done

# A foreign busybox-static, unpacked once into the cache.
foreign_busybox() {
	local dir=$cache_root/busybox-$arch tmp
	if [[ ! -x $dir/bin/busybox ]]; then
		mkdir -p "$cache_root"
		exec {lockfd}>"$dir.lock"
		flock "$lockfd"
		if [[ ! -x $dir/bin/busybox ]]; then
			tmp=$(mktemp -d "$cache_root/busybox-$arch.XXXXXX")
			(cd "$tmp" && "$checkout/tests/matrix/apt.sh" "$busybox_release" "$arch" \
				apt-get -qq download "busybox-static:$arch" >&2) ||
				die "cannot download busybox-static:$arch"
			dpkg-deb -x "$tmp"/busybox-static_*.deb "$tmp/root" ||
				die "cannot unpack busybox-static:$arch"
			# trixie's and sid's are in /usr/bin (merged /usr), bookworm's in /bin.
			if [[ ! -e $tmp/root/bin/busybox ]]; then
				mkdir -p "$tmp/root/bin"
				mv "$tmp/root/usr/bin/busybox" "$tmp/root/bin/busybox" ||
					die "no busybox in busybox-static:$arch"
			fi
			rm -rf "$dir"
			mv "$tmp/root" "$dir"
			rm -rf "$tmp"
		fi
		exec {lockfd}>&-
	fi
	echo "$dir/bin/busybox"
}
if [[ $arch == x86_64 ]]; then
	busybox=/bin/busybox
	if [[ ! -x $busybox ]] || ldd "$busybox" >/dev/null 2>&1; then
		die "$busybox is not a static busybox (run tests/vm/deps.sh: busybox-static)"
	fi
	root=${root:-/}
else
	busybox=$(foreign_busybox)
	root=${root:-$("$checkout/tests/vm/root.sh" "$arch")} || die "no $arch root (tests/vm/root.sh)"
fi
[[ -d $root ]] || die "--root '$root' is no directory"
root=$(cd "$root" && pwd -P)

# ---- the initramfs -----------------------------------------------------------------------

# Modules to insmod, in dependency order, one host path a line (none if built in).
module_list() {
	local mod
	for mod in ${initrd_modules//,/ }; do
		modprobe ${modroot:+-d "$modroot"} --show-depends -S "$release" "$mod" ||
			die "modprobe cannot resolve $mod for $release"
	done | awk '$1 == "insmod" && !seen[$2]++ { print $2 }'
}

# The guest's /init (busybox sh). Control files come from the 'out' share, in .boot/.
read -r -d '' init_script <<'INIT' || true
#!/bin/busybox sh
# initramfs /init written by tests/vm/boot.sh
/bin/busybox mkdir -p /proc /sys /dev /usr/bin /usr/sbin /sbin
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null

fail() {
	echo "tpstat-init: FAILED: $*"
	echo "tpstat-init: powering off"
	poweroff -f
	sleep 10
	exit 1
}

# Malta: its PCI interrupts level-triggered before virtio's drivers
# come.  The PIIX4's ELCR (port 0x4d1 for IRQs 8-15) is left edge by
# Linux and QEMU without Malta's firmware, and every virtio device
# shares IRQ 10: an edge-triggered line another device holds high
# loses a completion, and every 9p share then waits for ever.  Level
# for IRQs 10 and 11 (0x0c).
if grep -q 'MIPS Malta' /proc/cpuinfo; then
	printf '\014' | dd of=/dev/port bs=1 seek=1233 count=1 2>/dev/null ||
		fail "setting Malta's PCI interrupts level-triggered"
fi

for ko in $(cat /modules.order); do
	insmod "/lib/modules/$ko" || fail "insmod $ko"
done

mkdir -p /newroot /hosttmp
opts=trans=virtio,version=9p2000.L,msize=512000
mount -t 9p -o "$opts,ro,cache=loose" host /newroot || fail "mounting the root over 9p"
R=/newroot
mount -o bind $R/tmp /hosttmp || fail "bind-mounting the host's /tmp"
mount -t proc proc $R/proc
mount -t sysfs sysfs $R/sys
mount -t devtmpfs devtmpfs $R/dev
mkdir -p $R/dev/pts $R/dev/shm
mount -t devpts -o gid=5,mode=620,ptmxmode=666 devpts $R/dev/pts
# What udev would add: bash process substitution needs /dev/fd.
ln -sf /proc/self/fd $R/dev/fd
ln -sf /proc/self/fd/0 $R/dev/stdin
ln -sf /proc/self/fd/1 $R/dev/stdout
ln -sf /proc/self/fd/2 $R/dev/stderr
mount -t tmpfs -o mode=1777 tmpfs $R/dev/shm
mount -t tmpfs -o mode=1777 tmpfs $R/tmp || fail "mounting /tmp"
mount -t tmpfs -o mode=755 tmpfs $R/run || fail "mounting /run"
mount -t debugfs debugfs $R/sys/kernel/debug 2>/dev/null || echo "tpstat-init: no debugfs"
mount -t tracefs tracefs $R/sys/kernel/tracing 2>/dev/null || echo "tpstat-init: no tracefs"
mkdir -p $R/tmp/out
mount -t 9p -o "$opts" out $R/tmp/out || fail "mounting the out share"
B=$R/tmp/out/.boot
[ -f $B/run.sh ] || fail "no $B/run.sh in the out share"
# A root other than the host's (a foreign one): the host's /tmp comes as a
# share of its own (for what is exposed below), and so does the checkout.
if [ -s $B/checkout ]; then
	mount -t 9p -o "$opts,ro" hosttmp /hosttmp || fail "mounting the host's /tmp"
fi

# Host dirs under /tmp that the command needs (its working directory...).
while read -r top; do
	[ -n "$top" ] && [ -d "/hosttmp/$top" ] || continue
	mkdir -p "$R/tmp/$top" && mount -o bind "/hosttmp/$top" "$R/tmp/$top" ||
		echo "tpstat-init: could not expose /tmp/$top"
done < $B/expose

# A kernel unpacked into the cache brings its own /lib/modules.
if [ -s $B/modroot ]; then
	mount -o bind "$R$(cat $B/modroot)/lib/modules" $R/lib/modules ||
		fail "bind-mounting $(cat $B/modroot)/lib/modules"
fi
if [ -f $B/modules-share ]; then
	mount -t 9p -o "$opts,ro,cache=loose" modules $R/lib/modules ||
		fail "mounting the kernel's modules over 9p"
fi
if [ -s $B/checkout ]; then
	co=$(cat $B/checkout)
	mkdir -p "$R$co" 2>/dev/null
	mount -t 9p -o "$opts,ro,cache=loose" checkout "$R$co" || fail "mounting the checkout at $co"
fi
chroot $R /sbin/ip link set lo up 2>/dev/null || ip link set lo up

# The root becomes the mount namespace's root, as switch_root makes it,
# rather than a chroot: the kernel lets no chrooted process make a user
# namespace (unshare -U: the containers of tests/net/netns.sh).  PID 1
# itself changes root (exec chroot), so the kernel's own helpers (module
# autoloading) see it too and run its modprobe.  Busybox goes along in
# the guest's /tmp, to power off with after the command.
mkdir -p $R/tmp/.tpstat && cp /bin/busybox $R/tmp/.tpstat/busybox ||
	fail "copying busybox"
cd $R && mount --move . / || fail "moving the root to /"
echo "tpstat-init: running the command"
exec /bin/busybox chroot . /tmp/.tpstat/busybox sh -c '
echo /sbin/modprobe > /proc/sys/kernel/modprobe
/bin/bash /tmp/out/.boot/run.sh
echo "tpstat-init: command finished, status $(cat /tmp/out/status 2>/dev/null)"
sync
umount /tmp/out 2>/dev/null
/tmp/.tpstat/busybox poweroff -f
sleep 10'
INIT

modules=()
if [[ -n $release ]]; then
	[[ -d $modroot/lib/modules/$release ]] || die "no $modroot/lib/modules/$release"
	mapfile -t modules < <(module_list)
fi
key=$({
	cat "$self"
	echo "release=$release arch=$arch"
	for ko in "${modules[@]}"; do stat -c '%n %s %Y' "$ko"; done
	sha256sum "$busybox"
} | sha256sum | cut -c1-16)
initramfs=$cache_root/initramfs-$key.cpio.gz

build_initramfs() {
	local tree ko name
	tree=$(mktemp -d)
	mkdir -p "$tree/bin" "$tree/sbin" "$tree/lib/modules"
	cp "$busybox" "$tree/bin/busybox"
	printf '%s\n' "$init_script" >"$tree/init"
	chmod 755 "$tree/init"
	: >"$tree/modules.order"
	for ko in "${modules[@]}"; do
		name=$(basename "$ko")
		case $ko in
		*.ko.xz) name=${name%.xz}; xz -dc "$ko" >"$tree/lib/modules/$name" ;;
		*.ko.zst) name=${name%.zst}; zstd -qdc "$ko" >"$tree/lib/modules/$name" ;;
		*.ko.gz) name=${name%.gz}; gzip -dc "$ko" >"$tree/lib/modules/$name" ;;
		*.ko) cp "$ko" "$tree/lib/modules/$name" ;;
		*) die "unexpected module file $ko" ;;
		esac
		echo "$name" >>"$tree/modules.order"
	done
	mkdir -p "$cache_root"
	(cd "$tree" && find . -print0 | LC_ALL=C sort -z |
		cpio --null -o -H newc --owner=0:0 --quiet) | gzip -1 >"$initramfs.tmp.$$"
	mv -f "$initramfs.tmp.$$" "$initramfs"
	rm -rf "$tree"
}
[[ -f $initramfs ]] || build_initramfs
# Each boot marks its image used; one no boot has used for 7 days (a
# key of an older boot.sh or module set) goes, rebuilt in a second if
# ever asked for again.  A guest booting from one holds it open.
touch "$initramfs" 2>/dev/null || true
find "$cache_root" -maxdepth 1 -name 'initramfs-*.cpio.gz' -mtime +7 -delete 2>/dev/null || true

# ---- the run -----------------------------------------------------------------------------

if [[ -n $out ]]; then
	mkdir -p "$out"
else
	out=$(mktemp -d "${TMPDIR:-/tmp}/tpstat-vm.XXXXXX")
	echo "boot.sh: output in $out" >&2
fi
out=$(cd "$out" && pwd)
rm -f "$out/frozen" "$out/stalls"
share=$(mktemp -d "${TMPDIR:-/tmp}/tpstat-vm-share.XXXXXX")
qemu_pid=''
# shellcheck disable=SC2317 # called by the trap
cleanup() {
	[[ -n $qemu_pid ]] && kill "$qemu_pid" 2>/dev/null
	rm -rf "$share" "$share.in" "$share.stalls"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

cwd=$(pwd -P)
mkdir "$share/.boot"
{
	# The top-level /tmp/X dirs to expose: the one holding cwd, and --expose ones.
	for dir in "$cwd" "${expose[@]}"; do
		dir=$(realpath -m "$dir")
		if [[ $dir == /tmp/?* ]]; then
			dir=${dir#/tmp/}
			echo "${dir%%/*}"
		fi
	done
} >"$share/.boot/expose"
virtfs=()
if [[ $root == / ]]; then
	[[ -n $modroot ]] && realpath "$modroot" >"$share/.boot/modroot"
else
	# The root has neither the checkout nor the host's /tmp, nor
	# --modules-root's tree: each is a share of its own.
	echo "$checkout" >"$share/.boot/checkout"
	[[ $checkout == /tmp/* ]] || mkdir -p "$root$checkout" ||
		die "cannot make the checkout's mount point in $root"
	virtfs+=(-virtfs "local,path=$checkout,mount_tag=checkout,security_model=none,readonly=on,multidevs=remap")
	virtfs+=(-virtfs "local,path=/tmp,mount_tag=hosttmp,security_model=none,readonly=on,multidevs=remap")
	if [[ -n $modroot ]]; then
		touch "$share/.boot/modules-share"
		virtfs+=(-virtfs "local,path=$(realpath "$modroot")/lib/modules,mount_tag=modules,security_model=none,readonly=on,multidevs=remap")
	fi
fi
# Malta's 32-bit guest (mipsel) has also frozen whole: no output, no
# hung-task report, its sleeps never ending and QEMU idle, until the
# job's timeout (endian.sh once, stress.sh twice; the same storms ran
# clean in six boots alone, with and without tpstat), and so has the
# 64-bit one (mips64el) in stress.sh, in a run whose other job shared
# the host's cores.  There the command
# runs beside a heartbeat on the out share, and a guest whose heartbeat
# stops for 120 s is killed as frozen: exit status 124, and "frozen" in
# the out dir.
# A heartbeat late by 30 s first gets a byte on the guest's serial line,
# every 10 s while it stays late: were the guest idle with no timer
# armed, the UART's interrupt would wake it.  In the freezes since, the
# kernel echoed every byte (blank lines in console.log) and the
# heartbeat did not come back: the kernel runs, and what stops is user
# space or the share.  So the first byte comes after a break and sysrq
# w (QEMU's -nographic console: Ctrl-A b sends a break): the kernel
# writes each blocked task's stack to console.log, to show whether the
# share or a tpstat path holds it (Malta's UART takes the break as
# sysrq; s390x's SCLP console does not).  What happened is in DIR/stalls, one
# line each.
# So did sid's s390x guest in make check-all, in stress.sh: every task
# in D state in p9_client_rpc(), no hung-task report, nothing on the
# console after its stall dump, until the job's timeout (1,800 s).  So
# every emulated architecture's guest is watched (but a benchmark's: its
# heartbeat's writes would be measured).
freeze_watch=0 kick_after=30
asked=' (after a break and sysrq w: where the console takes them, the blocked tasks are in console.log)'
[[ $arch != x86_64 ]] && ((!bench)) && freeze_watch=120
if (($# == 1)); then
	printf '%s\n' "$1" >"$share/.boot/command.sh"
else
	printf '%q ' "$@" >"$share/.boot/command.sh"
	echo >>"$share/.boot/command.sh"
fi
{
	echo "# written by tests/vm/boot.sh: runs the command in the guest"
	echo "export PATH=$(printf '%q' "$PATH") HOME=$(printf '%q' "${HOME:-/root}")"
	for var in LANG LC_ALL $(compgen -e TPSTAT_ || true); do
		[[ -n ${!var+x} ]] && echo "export $var=$(printf '%q' "${!var}")"
	done
	[[ $arch == x86_64 || -n ${TPSTAT_BUILD_SUFFIX+x} ]] || echo "export TPSTAT_BUILD_SUFFIX=-$arch"
	echo "cd $(printf '%q' "$cwd") || { echo 'boot.sh: cannot cd to $cwd in the guest'; echo 125 >/tmp/out/status; exit 125; }"
	# The heartbeat of a guest whose freezes boot.sh watches for (below).
	((freeze_watch)) && cat <<'RUN'
(while :; do : >/tmp/out/.heartbeat; sleep 10; done) </dev/null >/dev/null 2>&1 &
RUN
	cat <<'RUN'
bash /tmp/out/.boot/command.sh 2>&1 </dev/null | tee /tmp/out/output.log
status=${PIPESTATUS[0]}
echo "$status" >/tmp/out/status
sync
RUN
} >"$share/.boot/run.sh"

[[ $arch_append == - ]] && arch_append=''
# Malta's guests have twice hung in a lookup on the 9p share (a task in
# D state in d_alloc_parallel() while another's 9p request was never
# answered), once in endian.sh and once in stress.sh: the guest then ran
# to its timeout, up to 30 minutes of a job, with nothing said.  A task
# blocked for 120 s (the kernel's hung-task timeout) panics it instead:
# the stack is in the console log, and the guest ends at once (on every
# emulated architecture since s390x stalled so too).
# sysrq_always_enabled: the stall watch below asks a frozen guest for
# its blocked tasks (Debian's default kernel.sysrq, 438, refuses dumps).
[[ $arch != x86_64 ]] && arch_append+=" hung_task_panic=1 sysrq_always_enabled"
cmdline="console=$console_dev panic=-1 ${arch_append:+$arch_append }${append}"
if ((bench)); then
	accel=(-accel "tcg,thread=single" -icount "shift=0,sleep=off" -smp 1)
else
	# Round-robin TCG: one host thread runs every vCPU in turn.  With
	# multi-threaded TCG a vCPU was seen spinning for minutes on a static
	# key the other vCPU was patching (tracepoint unregister under
	# traffic); the guest still has $smp CPUs, per-CPU data and nesting.
	accel=(-accel "tcg,thread=single" -smp "$smp")
	# Except for 32-bit ARM: Debian's armmp kernel with two vCPUs in
	# turn hung at boot both times it was tried (before /init, RCU stall
	# warnings after 8 minutes); one thread a vCPU boots it in seconds
	# and ran every suite (one vCPU in turn boots too).
	if [[ $arch == armhf ]] && ((smp > 1)); then
		accel=(-accel "tcg,thread=multi" -smp "$smp")
	fi
	# And for Malta (mips64el, mipsel): one vCPU.  Debian's kernels use
	# one CPU there whatever -smp says, and with a second vCPU and a
	# virtio PCI device they printed nothing at all.
	if [[ $arch == mips* ]]; then
		accel=(-accel "tcg,thread=single" -smp 1)
	fi
fi
virtfs=(-virtfs "local,path=$root,mount_tag=host,security_model=none,readonly=on,multidevs=remap"
	-virtfs "local,path=$share,mount_tag=out,security_model=none"
	"${virtfs[@]}")
# Malta: every share a function of PCI slot 19.  QEMU gives each -virtfs
# a slot of its own from 19 up, and the one in slot 22 failed
# 9pnet_virtio's probe (EINVAL): Linux's Malta code routes interrupts for
# slots 18 to 21 only (QEMU has a device of its own in 18).
if [[ $arch == mips* ]]; then
	shares=()
	for ((i = 1; i < ${#virtfs[@]}; i += 2)); do
		tag=${virtfs[i]#*mount_tag=}
		tag=${tag%%,*}
		shares+=(-fsdev "${virtfs[i]/,mount_tag=$tag/},id=fs$((i / 2))"
			-device "virtio-9p-pci,fsdev=fs$((i / 2)),mount_tag=$tag,addr=0x13.$((i / 2)),multifunction=on")
	done
	virtfs=("${shares[@]}")
fi
qemu=("${qemu_system[@]}" "${accel[@]}" -m "$mem" -nic none -nographic -no-reboot
	-kernel "$kernel" -initrd "$initramfs" -append "$cmdline" "${virtfs[@]}")

console=$out/console.log
SECONDS=0
timed_out=0
# QEMU's console goes to console.log (carriage returns dropped), and to stdout if verbose.
if [[ ${TPSTAT_VM_VERBOSE:-0} == 1 ]]; then
	exec {confd}> >(sed -u 's/\r$//' | tee "$console")
else
	exec {confd}> >(sed -u 's/\r$//' >"$console")
fi
console_pid=$!
# The serial line's input: a FIFO held open here where the heartbeat is
# watched (the guest's kicks), else nothing.
serial_in=/dev/null
if ((freeze_watch)); then
	serial_in=$share.in
	mkfifo "$serial_in"
	exec {kickfd}<>"$serial_in"
fi
"${qemu[@]}" <"$serial_in" >&"$confd" &
qemu_pid=$!
exec {confd}>&-
frozen=0 late_since=0 kicks=0 kicked_at=0
while kill -0 "$qemu_pid" 2>/dev/null; do
	if ((SECONDS >= timeout)); then
		timed_out=1
		kill "$qemu_pid" 2>/dev/null || true
		break
	fi
	if ((freeze_watch)) && [[ -e $share/.heartbeat ]]; then
		late=$(($(date +%s) - $(stat -c %Y "$share/.heartbeat")))
		if ((late > freeze_watch)); then
			timed_out=1 frozen=1
			kill "$qemu_pid" 2>/dev/null || true
			break
		fi
		if ((late > kick_after && SECONDS - kicked_at >= 10)); then
			if ((!late_since)); then
				late_since=$((SECONDS - late))
				printf '\001bw' >&"$kickfd"
			fi
			printf '\n' >&"$kickfd"
			kicks=$((kicks + 1)) kicked_at=$SECONDS
		elif ((late_since && late <= 10)); then
			echo "no heartbeat from ${late_since}s to $((SECONDS - late))s into the boot; it beat again after $kicks byte(s) on the serial line$asked" >>"$share.stalls"
			late_since=0 kicks=0
		fi
	fi
	sleep 0.2
done
wait "$qemu_pid" 2>/dev/null || true
qemu_pid=''
elapsed=$SECONDS
wait "$console_pid" 2>/dev/null || true

rm -rf "$share/.boot" "$share/.heartbeat"
((late_since)) && echo "no heartbeat from ${late_since}s into the boot to its end at ${elapsed}s, after $kicks byte(s) on the serial line$asked" >>"$share.stalls"
[[ -e $share.stalls ]] && mv "$share.stalls" "$share/stalls"
cp -a "$share/." "$out/"

if ((frozen)); then
	echo "no heartbeat for ${freeze_watch}s after ${SECONDS}s" >"$out/frozen"
	echo "boot.sh: the guest froze: no heartbeat for ${freeze_watch}s (console: $console)" >&2
	tail -n 40 "$console" >&2 || true
	exit 124
fi
if ((timed_out)); then
	echo "boot.sh: timed out after ${timeout}s (console: $console)" >&2
	tail -n 40 "$console" >&2 || true
	exit 124
fi
status=$(cat "$out/status" 2>/dev/null || true)
if ! [[ $status =~ ^[0-9]+$ ]]; then
	echo "boot.sh: the guest wrote no status (boot failure?); last console lines:" >&2
	tail -n 40 "$console" >&2 || true
	exit 125
fi
echo "boot.sh: status $status after ${elapsed}s (console: $console)" >&2
exit "$status"
