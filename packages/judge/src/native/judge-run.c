/*
 * judge-run: the tiny privileged supervisor placed between the judge (Node) and bubblewrap.
 *
 * Runs as root, once per sandboxed process:
 *   1. creates the run's cgroups (v1: memory, pids, cpuacct dirs; v2: one dir) and writes the limits;
 *   2. forks; the child joins the cgroups, applies rlimits, drops to the unprivileged uid/gid,
 *      sets no_new_privs + parent-death signal, wires stdin/stdout/stderr and execs bwrap;
 *   3. the parent copies the child's stdout/stderr into files (stopping at the output limit),
 *      enforces CPU time (cgroup usage, polled) and wall time, then kills everything left in the
 *      cgroup, reads CPU time / peak memory / OOM counters and removes the cgroups;
 *   4. prints one JSON line with the figures on its own stdout.
 * Compiled by the judge with the system C compiler into its cache dir on first use.
 * Written in C (not Node) so that joining the cgroup and dropping privileges happen between fork and
 * exec, which Node's child_process cannot do, and to keep the per-run overhead to a few milliseconds.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAXCG 3

static const char *cg_dirs[MAXCG];
static int cg_count = 0;
static int cg_v2 = 0;
static const char *cg_mem = NULL, *cg_pids = NULL, *cg_cpu = NULL;
static long long mem_limit = 0, pids_limit = 0, cpu_ms = 0, wall_ms = 0, out_limit = 0, err_limit = 0;
static long long fsize = 0, nofile = 0, as_limit = 0, stack_limit = 0, nproc = 0;
static const char *cg_sched = NULL; /* a CPU group (weight set by the judge) the child joins; not managed here */
static int nice_value = 0; /* CPU priority of the sandboxed process tree (setpriority before exec), 0..19 */
static int uid = -1, gid = -1;
static const char *stdin_path = "/dev/null", *stdout_path = NULL, *stderr_path = NULL;
static int sigpipe_fds[2];
static long long oom_base = 0, max_base = 0;
static int cg_reuse = 0;      /* slot cgroups kept between runs: reset/baseline instead of mkdir+rmdir */
static long long cpu_base = 0;
static long long pids_base = 0; /* pids.events "max" before the run: times a fork/clone was refused */
static int peak_fd = -1;      /* v2: memory.peak opened and reset (kernel 6.12+), read back at the end */
/* fd number of the status pipe inside the sandbox: the launcher (this binary, `--launch`) writes "S" to it
   right before exec'ing the program and closes it on exec, so only the supervisor's own code can say that the
   sandbox was set up; the program never holds the descriptor and cannot forge or suppress it */
static int info_fd = -1;
/* --mount-dir SRC:MNT: a toolchain folder whose parents the sandbox's user cannot traverse (e.g. under /root,
   mode 0700) is bind-mounted read-only at MNT (an empty dir of the judge's cache), in a private mount namespace
   of the child only, before privileges are dropped; bwrap then binds MNT. Nothing changes on the host. */
#define MAX_MOUNT_DIRS 8
static char *mount_srcs[MAX_MOUNT_DIRS];
static const char *mount_dsts[MAX_MOUNT_DIRS];
static int mount_count = 0;

/* mkdir of a slot cgroup; when its parent (the judge instance's cgroup) is gone, the parent is made again first:
   a run never fails because a sweep or a restart removed the instance folder between two runs */
static int mkdir_cgroup(const char *dir) {
  if (mkdir(dir, 0755) == 0 || errno == EEXIST) return 0;
  if (errno != ENOENT) return -1;
  char parent[4096];
  snprintf(parent, sizeof parent, "%s", dir);
  char *slash = strrchr(parent, '/');
  if (!slash || slash == parent) return -1;
  *slash = 0;
  if (mkdir(parent, 0755) < 0 && errno != EEXIST) return -1;
  if (mkdir(dir, 0755) < 0 && errno != EEXIST) return -1;
  return 0;
}

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int write_file(const char *dir, const char *name, const char *value) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n = write(fd, value, strlen(value));
  close(fd);
  return n < 0 ? -1 : 0;
}

static int read_file(const char *dir, const char *name, char *buf, size_t len) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n = read(fd, buf, len - 1);
  close(fd);
  if (n < 0) return -1;
  buf[n] = 0;
  return (int)n;
}

static long long read_ll(const char *dir, const char *name) {
  char buf[256];
  if (!dir || read_file(dir, name, buf, sizeof buf) < 0) return -1;
  return atoll(buf);
}

/* value of "key N" in a flat keyed file (memory.events, cpu.stat, memory.oom_control) */
static long long read_key(const char *dir, const char *name, const char *key) {
  char buf[4096];
  if (!dir || read_file(dir, name, buf, sizeof buf) < 0) return -1;
  size_t kl = strlen(key);
  for (char *line = buf; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
    if (strncmp(line, key, kl) == 0 && line[kl] == ' ') return atoll(line + kl + 1);
  }
  return -1;
}

static long long raw_cpu_usage_us(void) {
  if (!cg_cpu) return -1;
  if (cg_v2) return read_key(cg_cpu, "cpu.stat", "usage_usec");
  long long ns = read_ll(cg_cpu, "cpuacct.usage");
  return ns < 0 ? -1 : ns / 1000;
}

static long long cpu_usage_us(void) {
  long long us = raw_cpu_usage_us();
  return us < 0 ? -1 : us - cpu_base;
}

/*
 * Time the run's threads have spent runnable but waiting for a CPU (run_delay, the second field of
 * /proc/<pid>/task/<tid>/schedstat, in ns), summed over every thread seen so far, in ms. The wall-clock limit is
 * extended by this much: a program waiting behind other work (it runs niced) did not cause that wait. A
 * sleeping or blocked program has next to none, so it still meets the plain wall limit; a program that keeps
 * many threads runnable spends CPU at the same time and meets the CPU limit. Sampled every STALL_SAMPLE_MS, so
 * a thread that ended (a runtime's start-up helpers) still counts with what it had waited when last seen.
 * Without a cgroup (no list of the run's processes) it is 0.
 */
#define STALL_SAMPLE_MS 200
#define STALL_TIDS 1024
static long stall_tid[STALL_TIDS];
static long long stall_ns[STALL_TIDS];
static int stall_count = 0;
static long long stall_total_ns = 0; /* threads that did not fit the table: their last sampled delay */

static void stall_note(long tid, long long ns) {
  for (int i = 0; i < stall_count; i++)
    if (stall_tid[i] == tid) {
      if (ns > stall_ns[i]) stall_ns[i] = ns;
      return;
    }
  if (stall_count < STALL_TIDS) {
    stall_tid[stall_count] = tid;
    stall_ns[stall_count++] = ns;
  } else if (ns > 0) {
    stall_total_ns += ns;
  }
}

static long long stall_ms(void) {
  const char *dir = cg_pids ? cg_pids : (cg_mem ? cg_mem : cg_cpu);
  if (!dir) return 0;
  char buf[16384];
  if (read_file(dir, "cgroup.procs", buf, sizeof buf) <= 0) buf[0] = 0;
  for (char *p = buf; *p;) {
    long pid = strtol(p, &p, 10);
    while (*p == '\n') p++;
    if (pid <= 0) continue;
    char tdir[64];
    snprintf(tdir, sizeof tdir, "/proc/%ld/task", pid);
    DIR *d = opendir(tdir);
    if (!d) continue;
    struct dirent *e;
    while ((e = readdir(d))) {
      if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
      char sdir[320], sb[128];
      snprintf(sdir, sizeof sdir, "%s/%s", tdir, e->d_name);
      if (read_file(sdir, "schedstat", sb, sizeof sb) <= 0) continue;
      char *q = sb;
      strtoll(q, &q, 10);
      long long delay_ns = strtoll(q, &q, 10);
      stall_note(strtol(e->d_name, NULL, 10), delay_ns);
    }
    closedir(d);
  }
  long long ns = stall_total_ns;
  for (int i = 0; i < stall_count; i++) ns += stall_ns[i];
  return ns / 1000000;
}

/* SIGKILL every process of the run; loops because a process may fork between read and kill. */
static void kill_cgroup(void) {
  const char *dir = cg_pids ? cg_pids : (cg_mem ? cg_mem : cg_cpu);
  if (!dir) return;
  if (cg_v2) write_file(dir, "cgroup.kill", "1");
  for (int round = 0; round < 2000; round++) {
    char buf[65536];
    int n = read_file(dir, "cgroup.procs", buf, sizeof buf);
    if (n <= 0) return;
    for (char *p = buf; *p;) {
      long pid = strtol(p, &p, 10);
      if (pid > 0) kill((pid_t)pid, SIGKILL);
      while (*p == '\n') p++;
    }
    usleep(1000);
  }
}

static void remove_cgroups(void) {
  if (cg_reuse) return;
  for (int i = 0; i < cg_count; i++) {
    for (int t = 0; t < 200 && rmdir(cg_dirs[i]) < 0 && errno == EBUSY; t++) usleep(1000);
  }
}

static void on_sigchld(int sig) {
  (void)sig;
  int e = errno;
  (void)!write(sigpipe_fds[1], "c", 1);
  errno = e;
}

static void set_limit(int res, long long soft, long long hard) {
  struct rlimit rl = {(rlim_t)soft, (rlim_t)hard};
  setrlimit(res, &rl);
}

static void die_child(const char *what) {
  dprintf(2, "judge-run: %s: %s\n", what, strerror(errno));
  _exit(120);
}

static void child(char **argv, int out_w, int err_w, int info_w) {
  char pid[32];
  snprintf(pid, sizeof pid, "%d", getpid());
  for (int i = 0; i < cg_count; i++)
    if (write_file(cg_dirs[i], "cgroup.procs", pid) < 0) die_child("join cgroup");
  int in = open(stdin_path, O_RDONLY | O_CLOEXEC);
  if (in < 0) die_child("open stdin");
  if (dup2(in, 0) < 0 || dup2(out_w, 1) < 0 || dup2(err_w, 2) < 0) die_child("dup2");
  if (info_fd > 2 && info_w >= 0) {
    /* dup2 onto itself keeps O_CLOEXEC: clear it by hand, the launcher inside the sandbox needs the fd */
    if (info_w == info_fd) fcntl(info_fd, F_SETFD, 0);
    else if (dup2(info_w, info_fd) < 0) die_child("dup2 info");
  }
  /* nothing the server had open (inherited pipes, sockets, files) may reach the sandbox */
  int keep = info_fd > 2 ? info_fd : 2;
  if (mount_count > 0) {
    if (unshare(CLONE_NEWNS) < 0) die_child("unshare mount namespace");
    /* nothing mounted here may reach the host's mount table */
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0) die_child("make mounts private");
    for (int k = 0; k < mount_count; k++) {
      if (mount(mount_srcs[k], mount_dsts[k], NULL, MS_BIND | MS_REC, NULL) < 0) die_child("bind toolchain dir");
      if (mount(NULL, mount_dsts[k], NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL) < 0)
        die_child("make toolchain dir read-only");
    }
  }
  /* lower priority than the server: set while still root, inherited by bwrap and the program, which (as an
     unprivileged user) can raise its nice value but never lower it again */
  if (nice_value > 0 && setpriority(PRIO_PROCESS, 0, nice_value) < 0) die_child("setpriority");
  /* the CPU group is the judge instance's own dir; if something removed it (another instance's sweep on a
     shared cgroup tree), recreate it under the weighted parent rather than fail every run */
  if (cg_sched && write_file(cg_sched, "cgroup.procs", pid) < 0 &&
      (errno != ENOENT || mkdir_cgroup(cg_sched) < 0 || write_file(cg_sched, "cgroup.procs", pid) < 0))
    die_child("join cpu cgroup");
  if (syscall(SYS_close_range, keep + 1, ~0U, 0) < 0) {
    for (int fd = keep + 1; fd < 65536; fd++) close(fd);
  }
  if (keep > 2) for (int fd = 3; fd < keep; fd++) close(fd);
  if (cpu_ms > 0) set_limit(RLIMIT_CPU, (cpu_ms + 999) / 1000 + 1, (cpu_ms + 999) / 1000 + 2);
  if (fsize > 0) set_limit(RLIMIT_FSIZE, fsize, fsize);
  if (nofile > 0) set_limit(RLIMIT_NOFILE, nofile, nofile);
  if (as_limit > 0) set_limit(RLIMIT_AS, as_limit, as_limit);
  if (stack_limit > 0) set_limit(RLIMIT_STACK, stack_limit, stack_limit);
  if (nproc > 0) set_limit(RLIMIT_NPROC, nproc, nproc);
  set_limit(RLIMIT_CORE, 0, 0);
  if (gid >= 0) {
    if (setgroups(0, NULL) < 0) die_child("setgroups");
    if (setresgid(gid, gid, gid) < 0) die_child("setgid");
  }
  if (uid >= 0 && setresuid(uid, uid, uid) < 0) die_child("setuid");
  prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  if (getppid() == 1) _exit(121);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  /* empty environment: bwrap's own processes (the pid-1 reaper) are readable from inside the sandbox via
     /proc/1/environ, so they must not carry the server's variables; --clearenv only covers the program */
  char *no_env[] = {NULL};
  execve(argv[0], argv, no_env);
  die_child("exec");
}

/* Copies what is readable from fd into out (up to limit bytes). Returns 0 at EOF, 1 otherwise. */
static int pump(int fd, int out, long long *total, long long limit) {
  char buf[65536];
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n == 0) return 0;
    if (n < 0) return (errno == EAGAIN || errno == EINTR) ? 1 : 0;
    long long room = limit - *total;
    if (room > 0 && out >= 0) (void)!write(out, buf, n < room ? n : room);
    *total += n;
  }
}

/*
 * Inside the sandbox, as its pid 1 (bwrap --as-pid-1): report "started" on the status fd, start the program as
 * a child, reap every orphan of the sandbox, and when the program ends report how ("E<code>" or "K<signal>").
 * bwrap's own pid 1 would fold a signal into exit status 128+N, so a program exiting with 137 would read as
 * "killed by SIGKILL"; this is the kernel's wait status. As pid 1 of its namespace the launcher cannot be killed
 * from inside it, and it is non-dumpable so the program (same uid) can neither ptrace it nor write its memory.
 * When the launcher returns, the kernel kills whatever else is left in the namespace.
 */
static int launch(int argc, char **argv) {
  if (argc < 5 || strcmp(argv[3], "--") != 0) return 126;
  int fd = atoi(argv[2]);
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  /* whatever bwrap left open (the toolchain folders' descriptors of --ro-bind-fd lead outside the sandbox) */
  for (int k = 3; k < fd; k++) close(k);
  if (syscall(SYS_close_range, fd + 1, ~0U, 0) < 0)
    for (int k = fd + 1; k < 1024; k++) close(k);
  (void)!write(fd, "S", 1);
  extern char **environ;
  pid_t pid = fork();
  if (pid < 0) {
    char msg[] = "Xfork: no process left to start the program";
    (void)!write(fd, msg, sizeof msg - 1);
    return 127;
  }
  if (pid == 0) {
    execve(argv[4], argv + 4, environ);
    char msg[512];
    int n = snprintf(msg, sizeof msg, "Xexec %s: %s", argv[4], strerror(errno));
    (void)!write(fd, msg, n > 0 && n < (int)sizeof msg ? (size_t)n : 0);
    _exit(127);
  }
  /* the program's stdout/stderr pipes must close when the program's processes are done, not when we are */
  int devnull = open("/dev/null", O_RDWR);
  if (devnull >= 0) {
    dup2(devnull, 0);
    dup2(devnull, 1);
    dup2(devnull, 2);
    if (devnull > 2) close(devnull);
  }
  int status = 0;
  for (;;) {
    int st = 0;
    pid_t w = waitpid(-1, &st, 0);
    if (w == pid) {
      status = st;
      break;
    }
    if (w < 0 && errno != EINTR) break; /* cannot happen while the program lives */
  }
  char msg[32];
  int n = WIFSIGNALED(status) ? snprintf(msg, sizeof msg, "K%d", WTERMSIG(status))
                              : snprintf(msg, sizeof msg, "E%d", WEXITSTATUS(status));
  (void)!write(fd, msg, (size_t)n);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

/*
 * Reaps every child this supervisor has, its own and the orphans of the sandbox it adopted as a subreaper
 * (bwrap's pid 1 outlives bwrap's monitor by a moment and would otherwise be left for the host's PID 1, which in
 * a container may never reap it). Called once the cgroup is empty, so all of them are exiting or dead.
 */
static void reap_all(void) {
  long long until = now_ms() + 2000;
  for (;;) {
    pid_t w = waitpid(-1, NULL, WNOHANG | __WALL);
    if (w > 0) continue;
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) return; /* ECHILD: none left */
    if (now_ms() > until) return;
    usleep(1000);
  }
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--launch") == 0) return launch(argc, argv);
  int i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) { i++; break; }
    if (i + 1 >= argc) { fprintf(stderr, "judge-run: missing value for %s\n", a); return 2; }
    const char *v = argv[++i];
    if (!strcmp(a, "--cg-mem")) cg_mem = v;
    else if (!strcmp(a, "--cg-pids")) cg_pids = v;
    else if (!strcmp(a, "--cg-cpu")) cg_cpu = v;
    else if (!strcmp(a, "--cg-v2")) cg_v2 = atoi(v);
    else if (!strcmp(a, "--mem")) mem_limit = atoll(v);
    else if (!strcmp(a, "--pids")) pids_limit = atoll(v);
    else if (!strcmp(a, "--cpu-ms")) cpu_ms = atoll(v);
    else if (!strcmp(a, "--wall-ms")) wall_ms = atoll(v);
    else if (!strcmp(a, "--out-limit")) out_limit = atoll(v);
    else if (!strcmp(a, "--err-limit")) err_limit = atoll(v);
    else if (!strcmp(a, "--fsize")) fsize = atoll(v);
    else if (!strcmp(a, "--nofile")) nofile = atoll(v);
    else if (!strcmp(a, "--as")) as_limit = atoll(v);
    else if (!strcmp(a, "--stack")) stack_limit = atoll(v);
    else if (!strcmp(a, "--nproc")) nproc = atoll(v);
    else if (!strcmp(a, "--uid")) uid = atoi(v);
    else if (!strcmp(a, "--gid")) gid = atoi(v);
    else if (!strcmp(a, "--stdin")) stdin_path = v;
    else if (!strcmp(a, "--stdout")) stdout_path = v;
    else if (!strcmp(a, "--stderr")) stderr_path = v;
    else if (!strcmp(a, "--info-fd")) info_fd = atoi(v);
    else if (!strcmp(a, "--cg-reuse")) cg_reuse = atoi(v);
    else if (!strcmp(a, "--nice")) nice_value = atoi(v);
    else if (!strcmp(a, "--cg-sched")) cg_sched = v;
    else if (!strcmp(a, "--mount-dir")) {
      char *colon = strchr(v, ':');
      if (!colon || mount_count >= MAX_MOUNT_DIRS || v[0] != '/' || colon[1] != '/') { fprintf(stderr, "judge-run: bad --mount-dir %s\n", v); return 2; }
      *colon = 0;
      mount_srcs[mount_count] = (char *)v;
      mount_dsts[mount_count++] = colon + 1;
    }
    else { fprintf(stderr, "judge-run: unknown option %s\n", a); return 2; }
  }
  if (i >= argc) { fprintf(stderr, "judge-run: no command\n"); return 2; }
  char **cmd = argv + i;
  prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  /* orphans of the sandbox (bwrap's pid 1 once bwrap's monitor is gone) become our children, reaped below */
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  if (out_limit <= 0) out_limit = 16 << 20;
  if (err_limit <= 0) err_limit = 16 << 20;

  /* cgroups: one dir per controller (v1) or a single dir (v2) */
  const char *cands[3] = {cg_mem, cg_pids, cg_cpu};
  for (int k = 0; k < 3; k++) {
    if (!cands[k]) continue;
    int dup = 0;
    for (int j = 0; j < cg_count; j++) if (!strcmp(cg_dirs[j], cands[k])) dup = 1;
    if (dup) continue;
    if (mkdir_cgroup(cands[k]) < 0) { perror("judge-run: mkdir cgroup"); return 3; }
    cg_dirs[cg_count++] = cands[k];
  }
  char num[32];
  if (cg_mem && mem_limit > 0) {
    snprintf(num, sizeof num, "%lld", mem_limit);
    if (cg_v2) {
      if (write_file(cg_mem, "memory.max", num) < 0) { perror("judge-run: memory.max"); remove_cgroups(); return 3; }
      write_file(cg_mem, "memory.swap.max", "0");
      write_file(cg_mem, "memory.oom.group", "1"); /* an OOM kill takes the whole run down at once */
    } else {
      /* memsw (absent without swap accounting) must stay >= the limit: raise it first, lower it last */
      write_file(cg_mem, "memory.memsw.limit_in_bytes", num);
      if (write_file(cg_mem, "memory.limit_in_bytes", num) < 0 && cg_reuse) {
        /* v1 refuses (EBUSY) a limit below what it cannot reclaim, e.g. dirty page cache a previous run left
           charged to the slot: replace the slot by a fresh cgroup (its charges move to the parent) */
        rmdir(cg_mem);
        if (mkdir_cgroup(cg_mem) < 0) { perror("judge-run: mkdir cgroup"); return 3; }
        write_file(cg_mem, "memory.memsw.limit_in_bytes", num);
        if (write_file(cg_mem, "memory.limit_in_bytes", num) < 0) { perror("judge-run: memory.limit"); return 3; }
        write_file(cg_mem, "memory.max_usage_in_bytes", "0");
        write_file(cg_mem, "memory.failcnt", "0");
        long long k = read_key(cg_mem, "memory.oom_control", "oom_kill");
        oom_base = k > 0 ? k : 0;
      } else if (read_ll(cg_mem, "memory.limit_in_bytes") != mem_limit) {
        perror("judge-run: memory.limit");
        remove_cgroups();
        return 3;
      }
      write_file(cg_mem, "memory.memsw.limit_in_bytes", num);
    }
  }
  if (cg_pids && pids_limit > 0) {
    snprintf(num, sizeof num, "%lld", pids_limit);
    if (write_file(cg_pids, "pids.max", num) < 0) { perror("judge-run: pids.max"); remove_cgroups(); return 3; }
  }

  /* a reused slot: make sure it is empty, then take baselines (v1 counters can be reset, v2 ones cannot) */
  if (cg_pids) {
    long long pb = read_key(cg_pids, "pids.events", "max");
    pids_base = pb > 0 ? pb : 0;
  }
  if (cg_reuse) {
    kill_cgroup();
    long long b = raw_cpu_usage_us();
    cpu_base = b > 0 ? b : 0;
    if (cg_mem && !cg_v2) {
      /* the slot is empty now, but page cache an earlier run read stays charged to it, and resetting the
         watermark only sets it to that usage: reclaim it first (force_empty works on a cgroup with no
         tasks), else the next program reports the last one's file reads as its own memory */
      write_file(cg_mem, "memory.force_empty", "0");
      write_file(cg_mem, "memory.max_usage_in_bytes", "0");
      write_file(cg_mem, "memory.memsw.max_usage_in_bytes", "0");
      write_file(cg_mem, "memory.failcnt", "0");
      long long k = read_key(cg_mem, "memory.oom_control", "oom_kill");
      oom_base = k > 0 ? k : 0;
    } else if (cg_mem) {
      long long k = read_key(cg_mem, "memory.events", "oom_kill");
      long long m = read_key(cg_mem, "memory.events", "max");
      /* v2: page cache left by an earlier run counts in the peak's new baseline: reclaim it (5.19+) */
      write_file(cg_mem, "memory.reclaim", "1099511627776");
      oom_base = k > 0 ? k : 0;
      max_base = m > 0 ? m : 0;
      char p[4096];
      snprintf(p, sizeof p, "%s/memory.peak", cg_mem);
      peak_fd = open(p, O_RDWR | O_CLOEXEC);
      if (peak_fd >= 0 && write(peak_fd, "reset\n", 6) < 0) { close(peak_fd); peak_fd = -1; }
    }
  }

  int out_fd = stdout_path ? open(stdout_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600) : -1;
  int err_fd = stderr_path ? open(stderr_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600) : -1;
  int op[2], ep[2], ip[2] = {-1, -1};
  if (info_fd > 2 && pipe2(ip, O_CLOEXEC) < 0) { perror("judge-run: pipe"); remove_cgroups(); return 3; }
  if (pipe2(op, O_CLOEXEC) < 0 || pipe2(ep, O_CLOEXEC) < 0 || pipe2(sigpipe_fds, O_CLOEXEC | O_NONBLOCK) < 0) {
    perror("judge-run: pipe");
    remove_cgroups();
    return 3;
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigchld;
  sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
  sigaction(SIGCHLD, &sa, NULL);

  long long start = now_ms();
  pid_t pid = fork();
  if (pid < 0) { perror("judge-run: fork"); remove_cgroups(); return 3; }
  if (pid == 0) {
    /* the pipe write ends are dup2'ed onto 1 and 2 (dup2 clears CLOEXEC there) */
    child(cmd, op[1], ep[1], ip[1]);
  }
  close(op[1]);
  close(ep[1]);
  if (ip[1] >= 0) close(ip[1]);
  fcntl(op[0], F_SETFL, O_NONBLOCK);
  fcntl(ep[0], F_SETFL, O_NONBLOCK);

  int status = 0, exited = 0, out_open = 1, err_open = 1;
  long long out_total = 0, err_total = 0;
  const char *limit_hit = "";
  struct rusage ru;
  memset(&ru, 0, sizeof ru);
  /* The wall clock of the program starts when the launcher says it is about to start it ("S" on the status
     pipe): building the sandbox (namespaces, mounts) can wait on kernel locks while other sandboxes are made or
     torn down, and that wait is not the program's. Until then the sandbox has SETUP_MS on top (a stuck set-up
     ends as a sandbox failure: "S" never came). Without a status pipe the clock runs from the fork. */
  const long long SETUP_MS = 30000;
  long long deadline = wall_ms > 0 ? start + wall_ms + (ip[0] >= 0 ? SETUP_MS : 0) : -1;
  long long program_start = ip[0] >= 0 ? -1 : start;
  char info[512];
  size_t info_len = 0;
  int info_eof = 0;
  if (ip[0] >= 0) fcntl(ip[0], F_SETFL, O_NONBLOCK);
  /* the wall limit grows by the run's wait for a CPU, up to 10 more times itself (a bound on a slot's time) */
  long long stall_credit = 0, stall_sampled = 0;
  while (!exited || out_open || err_open) {
    int waiting_start = program_start < 0 && ip[0] >= 0 && !info_eof;
    struct pollfd pf[4] = {{sigpipe_fds[0], POLLIN, 0}, {out_open ? op[0] : -1, POLLIN, 0}, {err_open ? ep[0] : -1, POLLIN, 0}, {waiting_start ? ip[0] : -1, POLLIN, 0}};
    int timeout = 20;
    if (exited) timeout = 5; /* leftovers holding a pipe: give them a moment, then they are killed */
    poll(pf, 4, timeout);
    char drain[64];
    while (read(sigpipe_fds[0], drain, sizeof drain) > 0) {}
    if (waiting_start && pf[3].revents) {
      ssize_t n = read(ip[0], info + info_len, sizeof info - 1 - info_len);
      if (n > 0) info_len += (size_t)n;
      else if (n == 0) info_eof = 1; /* the sandbox ended before the program started: reported below */
      if (info_len >= 1) {
        program_start = now_ms();
        if (wall_ms > 0) deadline = program_start + wall_ms;
      }
    }
    if (program_start >= 0 && !exited && now_ms() - stall_sampled >= STALL_SAMPLE_MS) {
      stall_sampled = now_ms();
      long long s = stall_ms();
      if (s > wall_ms * 10) s = wall_ms * 10;
      if (s > stall_credit) stall_credit = s;
    }
    if (out_open && pf[1].revents) out_open = pump(op[0], out_fd, &out_total, out_limit + 1);
    if (err_open && pf[2].revents) err_open = pump(ep[0], err_fd, &err_total, err_limit + 1);
    if (!exited) {
      pid_t w = wait4(pid, &status, WNOHANG, &ru);
      if (w == pid) exited = 1;
    }
    if (exited && (out_open || err_open)) {
      /* the main process is gone: whatever still holds the pipes dies now */
      kill_cgroup();
      if (out_open) out_open = pump(op[0], out_fd, &out_total, out_limit + 1);
      if (err_open) err_open = pump(ep[0], err_fd, &err_total, err_limit + 1);
      if (now_ms() - start > wall_ms + 2000) break;
      continue;
    }
    if (exited) break;
    const char *hit = "";
    if (out_total > out_limit) hit = "output";
    else if (err_total > err_limit) hit = "output";
    else if (deadline > 0 && now_ms() > deadline + stall_credit) {
      long long s = stall_ms();
      if (s > wall_ms * 10) s = wall_ms * 10;
      if (s > stall_credit) stall_credit = s;
      if (now_ms() > deadline + stall_credit) hit = "wall";
    }
    else if (cpu_ms > 0) {
      long long us = cpu_usage_us();
      if (us >= 0 && us > cpu_ms * 1000) hit = "cpu";
    }
    if (*hit) {
      limit_hit = hit;
      kill(pid, SIGKILL);
      kill_cgroup();
      waitpid(pid, &status, 0);
      getrusage(RUSAGE_CHILDREN, &ru);
      exited = 1;
      out_open = err_open = 0;
    }
  }
  long long wall = now_ms() - (program_start >= 0 ? program_start : start);
  kill_cgroup();
  reap_all();

  long long cpu_us = cpu_usage_us();
  if (cpu_us < 0) cpu_us = (long long)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec + (long long)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec;
  long long peak = -1, oom = 0;
  if (cg_mem) {
    if (cg_v2) {
      if (!cg_reuse) peak = read_ll(cg_mem, "memory.peak");
      else if (peak_fd >= 0) {
        char pb[64];
        ssize_t n = pread(peak_fd, pb, sizeof pb - 1, 0);
        if (n > 0) { pb[n] = 0; peak = atoll(pb); }
      }
      long long k = read_key(cg_mem, "memory.events", "oom_kill") - oom_base;
      long long m = read_key(cg_mem, "memory.events", "max") - max_base;
      oom = (k > 0 ? k : 0);
      if (m > 0 && oom == 0) oom = -m; /* hit the limit (allocation stalled/failed) without a kill */
    } else {
      peak = read_ll(cg_mem, "memory.max_usage_in_bytes");
      long long k = read_key(cg_mem, "memory.oom_control", "oom_kill") - oom_base;
      long long f = read_ll(cg_mem, "memory.failcnt");
      oom = (k > 0 ? k : 0);
      if (f > 0 && oom == 0) oom = -f;
    }
  }
  long long pids_hit = 0;
  if (cg_pids) {
    long long pe = read_key(cg_pids, "pids.events", "max");
    pids_hit = pe > pids_base ? pe - pids_base : 0;
  }
  remove_cgroups();

  /* "S" from the launcher = the sandbox was set up and the program exec'ed; "SX..." = exec failed; nothing =
     the sandbox (bwrap mounts, namespaces) or this supervisor's child failed before the program existed */
  int started = 1, real = 0, real_code = -1, real_sig = 0;
  char setup[256] = "";
  if (ip[0] >= 0) {
    /* what the loop already read ("S" at the program's start), then the rest */
    char *ib = info;
    ssize_t more = read(ip[0], info + info_len, sizeof info - 1 - info_len);
    ssize_t n = (ssize_t)info_len + (more > 0 ? more : 0);
    ib[n] = 0;
    started = n >= 1 && ib[0] == 'S' && (n == 1 || ib[1] != 'X');
    if (!started) {
      const char *why = n >= 2 && ib[1] == 'X' ? ib + 2 : "the sandbox did not start the program";
      /* the launcher's "E127" after a failed exec is not part of the message */
      char *tail = strrchr(ib, 'E');
      if (tail && tail > ib + 1 && strspn(tail + 1, "0123456789") == strlen(tail + 1) && tail[1]) *tail = 0;
      size_t k = 0;
      for (const char *c = why; *c && k < sizeof setup - 1; c++)
        setup[k++] = (*c == '"' || *c == '\\' || (unsigned char)*c < 32) ? '?' : *c;
      setup[k] = 0;
    } else if (n >= 2 && (ib[1] == 'E' || ib[1] == 'K')) {
      /* the launcher's own wait status of the program */
      real = 1;
      if (ib[1] == 'E') real_code = atoi(ib + 2);
      else real_sig = atoi(ib + 2);
    }
  }
  int code = -1, sig = 0;
  if (WIFEXITED(status)) code = WEXITSTATUS(status);
  else if (WIFSIGNALED(status)) sig = WTERMSIG(status);
  if (real && !*limit_hit) {
    code = real_code;
    sig = real_sig;
  }
  printf("{\"code\":%d,\"signal\":%d,\"cpuUs\":%lld,\"wallMs\":%lld,\"peakBytes\":%lld,\"maxRssKb\":%ld,"
         "\"oom\":%lld,\"limit\":\"%s\",\"outBytes\":%lld,\"errBytes\":%lld,\"started\":%s,\"setup\":\"%s\","
         "\"pidsHit\":%lld,\"exact\":%s}\n",
         code, sig, cpu_us, wall, peak, ru.ru_maxrss, oom, limit_hit, out_total, err_total, started ? "true" : "false", setup,
         pids_hit, real ? "true" : "false");
  return 0;
}
