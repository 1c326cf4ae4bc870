// Fixed-arity wrappers around libedit's variadic el_set/el_get/history calls, which Swift
// cannot call directly, and accessors for C globals that Swift 6 refuses to touch.
#ifndef CEDITLINE_SHIM_H
#define CEDITLINE_SHIM_H

#include <histedit.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <wchar.h>

typedef const char *_Nullable (*ceditline_prompt_fn)(EditLine *_Nullable);
typedef unsigned char (*ceditline_command_fn)(EditLine *_Nullable, int);
typedef int (*ceditline_read_char_fn)(EditLine *_Nullable, wchar_t *_Nullable);

// glibc declares wcwidth only under _XOPEN_SOURCE, which Swift's Glibc module does not set.
extern int wcwidth(wchar_t c);
// The terminal columns a character takes (2 for CJK), or -1; depends on LC_CTYPE.
static inline int ceditline_wcwidth(wchar_t c) { return wcwidth(c); }

// glibc declares ppoll only under _GNU_SOURCE, which Swift's Glibc module does not set.
// Waits for `fds` with the signal mask `mask` in place for the wait only (atomically).
extern int ppoll(
    struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *sigmask);
static inline int ceditline_ppoll(
    struct pollfd *_Nonnull fds, nfds_t count, const struct timespec *_Nullable timeout,
    const sigset_t *_Nonnull mask) {
  return ppoll(fds, count, timeout, mask);
}

static inline FILE *_Nonnull ceditline_stdin(void) { return stdin; }
static inline FILE *_Nonnull ceditline_stdout(void) { return stdout; }
static inline FILE *_Nonnull ceditline_stderr(void) { return stderr; }

static inline int ceditline_el_set_prompt(EditLine *_Nonnull el, ceditline_prompt_fn fn) {
  return el_set(el, EL_PROMPT, fn);
}
static inline int ceditline_el_set_editor(EditLine *_Nonnull el, const char *_Nonnull mode) {
  return el_set(el, EL_EDITOR, mode);
}
static inline int ceditline_el_set_signal(EditLine *_Nonnull el, int on) {
  return el_set(el, EL_SIGNAL, on);
}
static inline int ceditline_el_set_clientdata(EditLine *_Nonnull el, void *_Nullable data) {
  return el_set(el, EL_CLIENTDATA, data);
}
static inline void *_Nullable ceditline_el_get_clientdata(EditLine *_Nonnull el) {
  void *data = NULL;
  if (el_get(el, EL_CLIENTDATA, &data) != 0) return NULL;
  return data;
}
static inline int ceditline_el_set_history(EditLine *_Nonnull el, History *_Nonnull h) {
  return el_set(el, EL_HIST, history, h);
}
static inline int ceditline_el_addfn(EditLine *_Nonnull el, const char *_Nonnull name,
                                  const char *_Nonnull help, ceditline_command_fn fn) {
  return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int ceditline_el_bind(EditLine *_Nonnull el, const char *_Nonnull key,
                                 const char *_Nonnull command) {
  return el_set(el, EL_BIND, key, command, NULL);
}
static inline int ceditline_el_set_read_char(EditLine *_Nonnull el, ceditline_read_char_fn fn) {
  return el_set(el, EL_GETCFN, fn);
}
static inline int ceditline_el_refresh(EditLine *_Nonnull el) { return el_set(el, EL_REFRESH); }
static inline int ceditline_el_prep_terminal(EditLine *_Nonnull el, int raw) {
  return el_set(el, EL_PREP_TERM, raw);
}
// The terminal width libedit is drawing for (updated by el_resize); -1 on failure.
static inline int ceditline_el_get_columns(EditLine *_Nonnull el) {
  int columns = 0;
  if (el_get(el, EL_GETTC, "co", &columns, NULL) != 0) return -1;
  return columns;
}
static inline int ceditline_el_get_editmode(EditLine *_Nonnull el) {
  int on = 0;
  if (el_get(el, EL_EDITMODE, &on) != 0) return 0;
  return on;
}

// History: one wrapper per operation, each returning the call's status.
static inline int ceditline_history_setsize(History *_Nonnull h, HistEvent *_Nonnull ev, int n) {
  return history(h, ev, H_SETSIZE, n);
}
static inline int ceditline_history_setunique(History *_Nonnull h, HistEvent *_Nonnull ev, int on) {
  return history(h, ev, H_SETUNIQUE, on);
}
static inline int ceditline_history_enter(History *_Nonnull h, HistEvent *_Nonnull ev,
                                       const char *_Nonnull line) {
  return history(h, ev, H_ENTER, line);
}
static inline int ceditline_history_load(History *_Nonnull h, HistEvent *_Nonnull ev,
                                      const char *_Nonnull path) {
  return history(h, ev, H_LOAD, path);
}
static inline int ceditline_history_save(History *_Nonnull h, HistEvent *_Nonnull ev,
                                      const char *_Nonnull path) {
  return history(h, ev, H_SAVE, path);
}
static inline int ceditline_history_save_fp(History *_Nonnull h, HistEvent *_Nonnull ev,
                                         FILE *_Nonnull fp) {
  return history(h, ev, H_SAVE_FP, fp);
}
static inline int ceditline_history_first(History *_Nonnull h, HistEvent *_Nonnull ev) {
  return history(h, ev, H_FIRST);
}
static inline int ceditline_history_last(History *_Nonnull h, HistEvent *_Nonnull ev) {
  return history(h, ev, H_LAST);
}
static inline int ceditline_history_next(History *_Nonnull h, HistEvent *_Nonnull ev) {
  return history(h, ev, H_NEXT);
}
static inline int ceditline_history_prev(History *_Nonnull h, HistEvent *_Nonnull ev) {
  return history(h, ev, H_PREV);
}
static inline int ceditline_history_clear(History *_Nonnull h, HistEvent *_Nonnull ev) {
  return history(h, ev, H_CLEAR);
}
static inline int ceditline_history_count(History *_Nonnull h, HistEvent *_Nonnull ev) {
  return history(h, ev, H_GETSIZE);
}

#endif
