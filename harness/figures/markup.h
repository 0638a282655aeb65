/* Text from records, figure.json files and folder names written into the report's HTML and
 * Markdown: escaped so that it reads as text (never markup, never a script), and file names
 * made into relative links that cannot be anything else (percent-encoded). */
#ifndef CBENCH_MARKUP_H
#define CBENCH_MARKUP_H

#include <stddef.h>
#include <stdio.h>

/* s for HTML content and double- or single-quoted attributes: < > & " ' as entities. */
void markup_html(FILE *f, const char *s);
/* The same for at most n bytes of s. */
void markup_html_n(FILE *f, const char *s, size_t n);
/* s as Markdown inline text (CommonMark): the characters that start markup (\ ` * _ [ ] < > ! |
 * # ~ &, and - + = or "1." at its start) backslash-escaped, a '_' inside a word kept as
 * it is (it is not emphasis there), newlines as spaces. Safe in a table cell and a heading. */
void markup_md(FILE *f, const char *s);
/* s as a Markdown code span: fenced by one backtick more than its longest run of them, newlines
 * as spaces; at most n bytes of s (n = (size_t)-1: all). */
void markup_md_code(FILE *f, const char *s, size_t n);
/* s as one segment of a relative URL path: every byte but [A-Za-z0-9._~-] percent-encoded, so
 * "javascript:x" is a file name, not a scheme, and "a/b" one name, not two. "." and ".." become
 * "%2E" and "%2E%2E": a segment never leaves its folder. */
void markup_url_segment(FILE *f, const char *s);

#endif
