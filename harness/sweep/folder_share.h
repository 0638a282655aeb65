/* A results folder shared by processes (two sweeps, a sweep and a plan's tasks, a resumed
 * sweep after a kill): temporaries are removed only when their writer is gone, and a run is
 * computed by one process at a time (a lock per record). */
#ifndef CBENCH_FOLDER_SHARE_H
#define CBENCH_FOLDER_SHARE_H

#include "../common/cb_path.h"

/* Removes dir's temporaries (NAME.tmp.HOST.PID, or NAME.tmp.PID of older versions: records,
 * sweep.json, command.txt, series) written on this machine by a process that no longer exists;
 * those of live processes, and those of other machines (a cluster's tasks on a shared folder),
 * stay. Returns the count removed, -1 if dir cannot be read. */
int folder_remove_orphans(const char *dir);

/* Takes the lock of the record at record_path (flock on DIR/.locks/NAME.lock, made as needed),
 * waiting while another process holds it: CB_OK with the descriptor in *fd (released by
 * record_lock_release or when the process ends, even by kill -9), or CB_ERR_IO with *fd = -1
 * when the lock file cannot be made (then the caller runs unlocked). */
CbStatus record_lock_take(const char *record_path, int *fd);
/* Releases the lock taken for record_path and removes its lock file (and DIR/.locks once empty);
 * a process killed while holding it leaves the file, which the next taker reuses. */
void record_lock_release(int fd, const char *record_path);

#endif
