/*
 * names.c - every name the history holds, and the trees that bear them:
 * people (the authors and each tree's maintainer), the trees' handles,
 * subsystems, branches and URL spellings, commit subjects and topic
 * branch names; the trees set up (their layers, weights and clocks).
 * The word lists are here alone: the other modules ask for a subject or
 * a name (identity.c gives --identity's cases their spellings).
 *
 * What is drawn and in which order is the history (genhist.h): a table
 * grown or reordered changes every stream.
 */
#include "genhist.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- the words ----------------------------------------------------- */

static const char *const firsts[] = {
	"Ada", "Boris", "Chen", "Dana", "Emil", "Farah", "Gita", "Hugo",
	"Ines", "Jonas", "Kira", "Lars", "Mina", "Nils", "Olga", "Pavel",
	"Quinn", "Rosa", "Sven", "Tara", "Umar", "Vera", "Wim", "Xia",
	"Yuri", "Zoe",
};

static const char *const lasts[] = {
	"Abel", "Brandt", "Costa", "Dahl", "Eriksen", "Fischer", "Garcia",
	"Holm", "Ivanova", "Jensen", "Kowalski", "Lindqvist", "Moreau",
	"Novak", "Olsen", "Petrov", "Quist", "Rossi", "Santos", "Tanaka",
	"Ueda", "Varga", "Weber", "Xu", "Young", "Zeller",
};

static const char *const syl[] = {
	"da", "ve", "mi", "ko", "ra", "ti", "lu", "sen", "gor", "bel",
	"an", "jo", "ke", "ni", "pa", "sto", "vik", "hel", "mar", "ul",
};

static const char *const words[] = {
	"net", "wireless", "sound", "usb", "scsi", "block", "mm", "x86",
	"arm", "powerpc", "mips", "sparc", "drm", "input", "hid", "i2c",
	"spi", "mtd", "ext4", "xfs", "btrfs", "nfs", "cifs", "acpi", "pci",
	"kvm", "crypto", "security", "tty", "serial", "watchdog", "hwmon",
	"power", "leds", "mmc", "libata", "ide", "firewire", "infiniband",
	"media", "fbdev", "dmaengine", "gpio", "regulator", "rtc", "edac",
	"audit", "selinux", "ocfs2", "gfs2", "jfs", "squashfs", "fuse",
	"dlm", "md", "dm", "bluetooth", "nfc", "can", "iwlwifi", "ath",
	"netfilter", "ipsec", "sched", "timers", "irq", "locking", "perf",
	"tracing", "rcu", "cgroup", "kbuild", "kconfig", "docs", "staging",
	"driver-core", "slab", "percpu", "vfs", "quota", "udf", "hfs",
	"thermal", "cpufreq", "pinctrl", "clk", "iommu", "vhost", "virtio",
	"xen", "s390", "ia64", "m68k", "sh", "alpha", "parisc", "avr32",
};

#define NWORDS (sizeof(words) / sizeof(words[0]))

static const char *const verbs[] = {
	"fix", "add", "remove", "clean up", "rework", "simplify", "document",
	"handle errors in", "avoid a race in", "use the new API in",
	"convert", "update", "drop dead code in", "introduce", "refactor",
};

static const char *const objs[] = {
	"probe", "remove", "suspend", "resume", "ioctl", "poll",
	"irq handler", "open", "release", "mmap", "read path", "write path",
	"timeout handling", "reset", "init", "teardown", "locking",
	"refcounting", "error path", "Kconfig entry",
};

static const char *const topic_words[] = {
	"fixes", "cleanup", "topic", "core", "misc", "devel", "upstream",
	"hotfix", "api", "boards",
};

static const char *const areas[] = {
	"virt", "fs", "network", "bluetooth", "utils", "devel",
};

/* ---- names and URLs ------------------------------------------------ */

static void
make_ident(struct ident *id, const char *first, const char *last,
	   const char *email)
{
	id->name = xprintf("%s %s", first, last);
	id->email = xprintf("%s", email);
}

/* The URL spellings of a tree (the first one is the usual one). */
static void
make_urls(struct sim *sim, struct tree *t, const char *h, const char *s)
{
	unsigned kind = below(&sim->rng, 100), n = 0;
	char **u = t->urls;
	const char *lk = "pub/scm/linux/kernel/git";

	if (kind < 70) {
		t->name = xprintf("%s/%s", h, s);
		u[n++] = xprintf("git://git.kernel.org/%s/%s/%s.git", lk, h, s);
		u[n++] = xprintf("git://git.kernel.org/%s/%s/%s", lk, h, s);
		u[n++] = xprintf("master.kernel.org:/%s/%s/%s", lk, h, s);
		u[n++] = xprintf("https://git.kernel.org/%s/%s/%s/", lk, h, s);
		u[n++] = xprintf("ssh://git@git.kernel.org/%s/%s/%s.git", lk, h, s);
		u[n++] = xprintf("http://git.kernel.org/%s/%s/%s.git", lk, h, s);
		u[n++] = xprintf("git://git.kernel.org:9418/%s/%s/%s.git", lk, h, s);
		u[n++] = xprintf("https://Git.Kernel.org/%s/%s/%s.git", lk, h, s);
		u[n++] = xprintf("kernel.org:/%s/%s/%s.git", lk, h, s);
	} else if (kind < 78) {
		const char *a = areas[below(&sim->rng, N_OF(areas))];

		t->name = xprintf("%s/%s/%s", a, h, s);
		u[n++] = xprintf("git://git.kernel.org/pub/scm/%s/%s/%s.git", a, h, s);
		u[n++] = xprintf("https://git.kernel.org/pub/scm/%s/%s/%s", a, h, s);
		u[n++] = xprintf("master.kernel.org:/pub/scm/%s/%s/%s", a, h, s);
		u[n++] = xprintf("ssh://git@git.kernel.org/pub/scm/%s/%s/%s.git", a, h, s);
	} else if (kind < 86) {
		t->name = xprintf("git.infradead.org/users/%s/%s", h, s);
		u[n++] = xprintf("git://git.infradead.org/users/%s/%s.git", h, s);
		u[n++] = xprintf("http://git.infradead.org/users/%s/%s.git", h, s);
		u[n++] = xprintf("https://git.infradead.org/users/%s/%s/", h, s);
		u[n++] = xprintf("ssh://git@git.infradead.org:2222/users/%s/%s.git", h, s);
		u[n++] = xprintf("git://Git.InfraDead.org/users/%s/%s.git", h, s);
	} else if (kind < 91) {
		t->name = xprintf("git.infradead.org/%s", s);
		u[n++] = xprintf("git://git.infradead.org/%s.git", s);
		u[n++] = xprintf("http://git.infradead.org/%s.git", s);
		u[n++] = xprintf("https://git.infradead.org/%s", s);
	} else {
		t->name = xprintf("github.com/%s/%s", h, s);
		u[n++] = xprintf("https://github.com/%s/%s.git", h, s);
		u[n++] = xprintf("https://github.com/%s/%s", h, s);
		u[n++] = xprintf("git://github.com/%s/%s.git", h, s);
		u[n++] = xprintf("ssh://git@github.com/%s/%s.git", h, s);
		u[n++] = xprintf("http://GitHub.com/%s/%s/", h, s);
	}
	t->nurls = n;
}

/* One of t's spellings: the usual one 55% of the time, else another. */
const char *
pick_url(struct sim *sim, const struct tree *t)
{
	if (t->nurls == 1 || chance(&sim->rng, 0.55))
		return t->urls[0];
	return t->urls[1 + below(&sim->rng, t->nurls - 1)];
}

/* ---- the trees ----------------------------------------------------- */

void
setup_trees(struct sim *sim, uint32_t T)
{
	struct tree *m;
	const char *lk = "pub/scm/linux/kernel/git/torvalds/linux";

	sim->ntrees = T + 1;
	sim->tr = xcalloc(sim->ntrees, sizeof(*sim->tr));
	sim->cum = xcalloc(sim->ntrees, sizeof(*sim->cum));

	for (uint32_t j = 0; j < NCONTRIB; j++) {
		const char *f = firsts[j % N_OF(firsts)];
		const char *l = lasts[(j / N_OF(firsts) * 7 + j) % N_OF(lasts)];
		char *e = xprintf("%c.%s.%" PRIu32 "@example.com", f[0] | 0x20,
				  l, j);

		for (char *p = e; *p; p++)
			if (*p >= 'A' && *p <= 'Z')
				*p |= 0x20;
		make_ident(&sim->contrib[j], f, l, e);
		free(e);
	}

	m = &sim->tr[0];
	m->name = xprintf("mainline");
	m->handle = xprintf("torvalds");
	m->subsys = xprintf("linux");
	m->branch = xprintf("master");
	m->urls[0] = xprintf("git://git.kernel.org/%s.git", lk);
	m->urls[1] = xprintf("git://git.kernel.org/%s", lk);
	m->urls[2] = xprintf("https://git.kernel.org/%s.git", lk);
	m->urls[3] = xprintf("master.kernel.org:/%s", lk);
	m->urls[4] = xprintf("ssh://git@git.kernel.org/%s.git", lk);
	m->urls[5] = xprintf("http://git.kernel.org/%s/", lk);
	m->nurls = 6;
	m->layer = 0;
	m->up = m->alt = NONE;
	make_ident(&m->maint, "Main", "Line", "mainline@example.org");
	m->own = 0;
	m->hold = -1;

	if (T >= 4)
		sim->scen = 4;
	else if (T >= 2)
		sim->scen = 2;

	for (uint32_t i = 1; i <= T; i++) {
		struct tree *t = &sim->tr[i];
		uint32_t w = (uint32_t)((i - 1) % NWORDS);
		char *email;
		uint32_t h1, h0;

		/* the last syllable drawn first (see commit_subject) */
		h1 = below(&sim->rng, N_OF(syl));
		h0 = below(&sim->rng, N_OF(syl));
		t->handle = xprintf("%s%s", syl[h0], syl[h1]);
		if (i > NWORDS)
			t->subsys = xprintf("%s-%" PRIu32, words[w],
					    (i - 1) / (uint32_t)NWORDS + 1);
		else
			t->subsys = xprintf("%s", words[w]);
		{
			char *s = chance(&sim->rng, 0.3) ?
				  xprintf("%s-2.6", t->subsys) :
				  xprintf("%s", t->subsys);

			make_urls(sim, t, t->handle, s);
			free(s);
		}
		switch (below(&sim->rng, 5)) {
		case 0: t->branch = xprintf("%s", t->subsys); break;
		case 1: t->branch = xprintf("for-next"); break;
		case 2: t->branch = xprintf("master"); break;
		case 3: t->branch = xprintf("%s/core", words[w]); break;
		default: t->branch = xprintf("next"); break;
		}
		email = xprintf("%s@example.org", t->handle);
		make_ident(&t->maint, firsts[(i * 7) % N_OF(firsts)],
			   lasts[(i * 11 + i / 26) % N_OF(lasts)], email);
		free(email);
		t->weight = 1000000u / i;
		sim->cum[i] = sim->cum[i - 1] + t->weight;
		t->hold = -1;
		t->alt = NONE;
		t->own = path_ext(&sim->paths, 0, i);

		if (i == 1 || (i == 2 && sim->scen != 2)) {
			t->layer = 1;
			t->up = 0;
		} else if (i == sim->scen) {
			t->layer = 2;
			t->up = 1;
			t->alt = 0;
		} else if (i == 6 && sim->scen != NONE) {
			t->layer = 3;
			t->up = sim->scen;
			t->alt = 1;
		} else {
			uint32_t r = below(&sim->rng, 100), cand[16], nc = 0;

			t->layer = 1;
			t->up = 0;
			if (r < 24) {
				uint32_t want = r < 18 ? 1 : 2;

				for (uint32_t j = 1; j < i && nc < 16; j++)
					if (j <= 40 && sim->tr[j].layer == want)
						cand[nc++] = j;
				if (nc) {
					t->layer = want + 1;
					t->up = cand[below(&sim->rng, nc)];
					if (chance(&sim->rng, 0.3))
						t->alt = t->layer == 2 ? 0 :
							 sim->tr[t->up].up;
				}
			}
		}
		t->bad_clock = i >= 3 && i != sim->scen &&
			(i == 7 || below(&sim->rng, 100) < 5);
	}
}

/* ---- drawn as history is made -------------------------------------- */

uint32_t
pick_tree(struct sim *sim)
{
	uint64_t r = below64(&sim->rng, sim->cum[sim->ntrees - 1]);
	uint32_t lo = 1, hi = sim->ntrees - 1;

	while (lo < hi) {		/* first i with cum[i] > r */
		uint32_t mid = lo + (hi - lo) / 2;

		if (sim->cum[mid] > r)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

void
commit_subject(struct sim *sim, struct sb *sb, uint32_t x)
{
	const char *prefix = x ? sim->tr[x].subsys :
			     words[below(&sim->rng, NWORDS)];
	uint32_t verb, obj;

	/* One draw a statement, in the order GCC always made them (a call's
	 * last argument first): C leaves the order of a call's arguments
	 * unspecified, and clang's made another history. */
	obj = below(&sim->rng, N_OF(objs));
	verb = below(&sim->rng, N_OF(verbs));
	sb_add(sb, "%s: %s %s", prefix, verbs[verb], objs[obj]);
	if (chance(&sim->rng, 0.5)) {
		uint32_t num = below(&sim->rng, 1000);
		uint32_t sy = below(&sim->rng, N_OF(syl));

		sb_add(sb, " of %s%" PRIu32, syl[sy], num);
	}
}

char *
topic_name(struct sim *sim, struct tree *t)
{
	uint32_t w = below(&sim->rng, N_OF(topic_words));

	return xprintf("%s-%" PRIu32, topic_words[w], ++t->topic_seq);
}
