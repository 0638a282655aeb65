/* `cbench plot` and gnuplot's images (harness/figures/gnuplot_write.c, image_check.c): images are
 * drawn into temporaries, checked whole (a PNG ends with IEND, an SVG with </svg>) and renamed
 * into place; a cut image (a full disk, gnuplot still exiting 0) fails the plot, leaves the
 * images from before as they were and no temporary behind, and `cbench report` still embeds only
 * whole images. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/common/files.h"
#include "harness/common/json_get.h"
#include "harness/figures/image_check.h"
#include "harness/figures/plot.h"
#include "harness/figures/report.h"
#include "models/json_input.h"
#include "sim_fixtures.h"

static char tmpdir[256], mnt[300];
static void setup(void) {
  fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_plotimg");
  mnt[0] = '\0';
}
static void teardown(void) {
  if (mnt[0]) umount2(mnt, MNT_DETACH);
  fx_tmpdir_remove(tmpdir);
}
TestSuite(plot_images, .init = setup, .fini = teardown);

static int have_gnuplot(void) { return system("command -v gnuplot >/dev/null 2>&1") == 0; }

/* Three ok records of results/baseline.json's first ok case and integrator, at three accuracies,
 * into dir/records.json. */
static void write_records(const char *dir) {
  char err[512], path[700];
  cJSON *all = json_load_file("results/baseline.json", CB_ERR_BUF(err, sizeof err)), *out = cJSON_CreateArray(), *x, *r = NULL;
  cr_assert(all, "%s", err);
  cJSON_ArrayForEach(x, all) if (!r && !strcmp(json_str(x, "status"), "ok") && cJSON_IsNumber(json_get(json_get(x, "params"), "accuracy"))) r = x;
  cr_assert(r);
  for (int k = 0; k < 3; ++k) {
    cJSON *d = cJSON_Duplicate(r, 1);
    cJSON_DeleteItemFromObjectCaseSensitive(d, "record_file");
    cJSON_ReplaceItemInObjectCaseSensitive(cJSON_GetObjectItemCaseSensitive(d, "params"), "accuracy", cJSON_CreateNumber(1e-2 / (k + 1)));
    cJSON_AddItemToArray(out, d);
  }
  char *text = cJSON_PrintUnformatted(out);
  snprintf(path, sizeof path, "%s/records.json", dir);
  cr_assert_eq(file_write_atomic(path, text, strlen(text), CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  free(text);
  cJSON_Delete(out);
  cJSON_Delete(all);
}

/* The number of files in dir whose name contains what. */
static int files_with(const char *dir, const char *what) {
  DIR *d = opendir(dir);
  int n = 0;
  struct dirent *e;
  while (d && (e = readdir(d))) n += strstr(e->d_name, what) != NULL;
  if (d) closedir(d);
  return n;
}

/* The first PNG in dir/plots (its path in out), 0 when none. */
static int first_png(const char *dir, char *out, size_t n) {
  char pd[700], names[4 * 256];
  snprintf(pd, sizeof pd, "%s/plots", dir);
  if (dir_list(pd, ".png", names, 256, 4) <= 0) return 0;
  snprintf(out, n, "%s/%s", pd, names);
  return 1;
}

static char *read_all(const char *path, size_t *len) {
  char *t = file_read_all(path, len);
  cr_assert_not_null(t, "%s", path);
  return t;
}

Test(plot_images, whole_cut_and_empty_images) {
  char p[600], err[1024];
  static const unsigned char png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
  snprintf(p, sizeof p, "%s/a.png", tmpdir);
  FILE *f = fopen(p, "wb");
  fwrite(png, 1, sizeof png, f);
  fclose(f);
  cr_expect_eq(image_check(p, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_assert_eq(truncate(p, sizeof png - 1), 0);
  cr_expect_eq(image_check(p, CB_ERR_BUF(err, sizeof err)), CB_ERR_IO);
  cr_expect(strstr(err, p) && strstr(err, "IEND"), "%s", err);
  cr_assert_eq(truncate(p, 0), 0);
  cr_expect_eq(image_check(p, CB_ERR_BUF(err, sizeof err)), CB_ERR_IO);
  cr_expect(strstr(err, "empty"), "%s", err);
  fx_write_text(p, "GIF89a not a png at all, but long enough");
  cr_expect_eq(image_check(p, CB_ERR_BUF(err, sizeof err)), CB_ERR_IO);
  cr_expect(strstr(err, "signature"), "%s", err);
  snprintf(p, sizeof p, "%s/a.svg", tmpdir);
  fx_write_text(p, "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<g></g>\n</svg>\n\n");
  cr_expect_eq(image_check(p, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  fx_write_text(p, "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<g></g>\n</sv");
  cr_expect_eq(image_check(p, CB_ERR_BUF(err, sizeof err)), CB_ERR_IO);
  cr_expect(strstr(err, "</svg>"), "%s", err);
  snprintf(p, sizeof p, "%s/missing.png", tmpdir);
  cr_expect_eq(image_check(p, CB_ERR_BUF(err, sizeof err)), CB_ERR_IO);
  cr_expect(strstr(err, "missing"), "%s", err);
}

/* A gnuplot that draws, then cuts what it drew (as a full disk does) and exits 0. */
Test(plot_images, a_cut_image_fails_the_plot_and_keeps_the_old_one) {
  if (!have_gnuplot()) cr_skip_test("gnuplot is not installed");
  char err[1024] = "", png[800], bin[600], p[700];
  write_records(tmpdir);
  cr_assert_eq(plot_dir(tmpdir, 1, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_assert(first_png(tmpdir, png, sizeof png), "no image drawn");
  size_t len0, len1;
  char *before = read_all(png, &len0);
  snprintf(bin, sizeof bin, "%s/bin", tmpdir);
  cr_assert_eq(dir_make_parents(bin), 0);
  FILE *pipe = popen("command -v gnuplot", "r");
  char real[512] = "";
  cr_assert(pipe && fgets(real, sizeof real, pipe));
  pclose(pipe);
  real[strcspn(real, "\n")] = '\0';
  snprintf(p, sizeof p, "%s/gnuplot", bin);
  char script[1200];
  snprintf(script, sizeof script,
           "#!/bin/sh\n'%s' \"$@\" || exit $?\nfor a; do last=$a; done\n"
           "find . -maxdepth 1 -name '*.png*' -newer \"$last\" -exec truncate -s 100 {} \\;\nexit 0\n", real);
  fx_write_text(p, script);
  cr_assert_eq(chmod(p, 0755), 0);
  char path[4096];
  snprintf(path, sizeof path, "%s:%s", bin, getenv("PATH"));
  setenv("PATH", path, 1);
  sleep(1); /* the images from before are older than the script plot writes next */
  int rc = plot_dir(tmpdir, 1, CB_ERR_BUF(err, sizeof err));
  cr_expect_neq(rc, 0, "plot exited 0 with a cut image");
  cr_expect(strstr(err, "not whole") && strstr(err, "IEND"), "%s", err);
  char *after = read_all(png, &len1);
  cr_expect(len0 == len1 && !memcmp(before, after, len0), "the image from before was changed");
  free(before);
  free(after);
  snprintf(p, sizeof p, "%s/plots", tmpdir);
  cr_expect_eq(files_with(p, ".tmp."), 0, "a temporary was left in %s", p);
  char html[1400];
  cr_expect_eq(report_write(tmpdir, html, sizeof html, CB_ERR_BUF(err, sizeof err)), 0, "the old images are whole: %s", err);
}

/* The same on a real full file system (a 256 KiB tmpfs; needs root, else skipped). */
Test(plot_images, full_disk_fails_the_plot_and_the_report_keeps_whole_images) {
  if (!have_gnuplot()) cr_skip_test("gnuplot is not installed");
  if (geteuid() != 0) cr_skip_test("mounting a small tmpfs needs root");
  snprintf(mnt, sizeof mnt, "%s/full", tmpdir);
  cr_assert_eq(dir_make_parents(mnt), 0);
  if (mount("tmpfs", mnt, "tmpfs", 0, "size=256k") != 0) {
    mnt[0] = '\0';
    cr_skip_test("cannot mount a tmpfs here");
  }
  char err[1024] = "", png[800], p[700];
  write_records(mnt);
  cr_assert_eq(plot_dir(mnt, 1, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  cr_assert(first_png(mnt, png, sizeof png));
  size_t len0, len1;
  char *before = read_all(png, &len0);
  /* fill the disk, then free 16 KiB: the text files fit, the next image does not */
  snprintf(p, sizeof p, "%s/filler", mnt);
  FILE *f = fopen(p, "wb");
  cr_assert_not_null(f);
  char block[4096] = {0};
  long filled = 0;
  while (fwrite(block, 1, sizeof block, f) == sizeof block && fflush(f) == 0) filled += (long)sizeof block;
  fclose(f);
  cr_assert_eq(truncate(p, filled > 16384 ? filled - 16384 : 0), 0);
  int rc = plot_dir(mnt, 1, CB_ERR_BUF(err, sizeof err));
  cr_expect_neq(rc, 0, "plot exited 0 on a full disk");
  cr_expect(strstr(err, mnt), "%s", err);
  char *after = read_all(png, &len1);
  cr_expect(len0 == len1 && !memcmp(before, after, len0), "the image from before was changed");
  free(before);
  free(after);
  char html[1400];
  unlink(p); /* room for the page */
  snprintf(p, sizeof p, "%s/plots", mnt);
  cr_expect_eq(files_with(p, ".tmp."), 0, "a temporary was left in %s", p);
  cr_expect_eq(report_write(mnt, html, sizeof html, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
}
