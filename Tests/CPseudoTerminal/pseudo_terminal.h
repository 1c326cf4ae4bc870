// The pseudo-terminal calls of <stdlib.h>, which glibc declares only under _XOPEN_SOURCE,
// and pipe2 of <unistd.h>, only under _GNU_SOURCE, so Swift's Glibc module does not import
// them. Declared here as glibc defines them.
#ifndef SETTEI_CPSEUDOTERMINAL_H
#define SETTEI_CPSEUDOTERMINAL_H

#include <stddef.h>

extern int posix_openpt(int flags);
extern int grantpt(int fd);
extern int unlockpt(int fd);
extern int ptsname_r(int fd, char *buf, size_t buflen);
extern int pipe2(int pipefd[2], int flags);

#endif
