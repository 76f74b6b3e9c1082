/* The DR1 dice reader protocol, device side: plain C, no Arduino, no allocation.
 *
 * Each function writes one complete line ("$...*HH\r\n", at most DR1_LINE_SIZE bytes with
 * its NUL) into `line` and returns its length, or 0 when it would not fit or an argument is
 * out of range. Each line uses up the next seq, as docs/dice-protocol.md requires, and
 * ROLL, MOTION and ERR carry boot= too (protocol revision 1.1), so a host that restarted
 * knows whose throw a line is without waiting for a HELLO.
 */
#ifndef DR1_H
#define DR1_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DR1_LINE_SIZE 85     /* 80-byte frame, CR, LF, NUL, and room to spare */
#define DR1_NOT_READ 0       /* a die this device does not read: left out of the ROLL */
#define DR1_UNREADABLE (-1)  /* a die seen but not read: "?" */

enum dr1_event { DR1_EVENT_NONE, DR1_EVENT_SHIP, DR1_EVENT_BLUE, DR1_EVENT_GREEN, DR1_EVENT_YELLOW,
                 DR1_EVENT_UNREADABLE };

typedef struct {
    int yellow;               /* 1-6, DR1_UNREADABLE or DR1_NOT_READ */
    int red;                  /* likewise */
    enum dr1_event event;     /* the Cities & Knights event die */
} dr1_throw;

typedef struct {
    uint16_t seq;             /* the next line's seq: starts at 0, wraps after 65535 */
    char boot[9];             /* 8 upper-case hex digits, new at every boot */
} dr1_device;

/* Start after a boot: seq 0 and a boot id from 32 random bits (esp_random() on an ESP32). */
void dr1_begin(dr1_device *device, uint32_t random_bits);

uint8_t dr1_checksum(const char *body);

size_t dr1_hello(dr1_device *device, char *line, const char *fw, const char *sn, const char *dice);
size_t dr1_heartbeat(dr1_device *device, char *line);
size_t dr1_motion(dr1_device *device, char *line);
size_t dr1_roll(dr1_device *device, char *line, const dr1_throw *dice);
/* code: an upper-case word such as "TILT", "NODIE", "LOWBAT", "LINK"; die: 'Y', 'R', 'E' or 0. */
size_t dr1_error(dr1_device *device, char *line, const char *code, char die);

/* What a person types on the mock's console, as a throw: "3 4", "34", "3 4 ship", "? 4",
 * "6 2 blue". Returns 1 for a throw, 0 for anything else. */
int dr1_parse_typed(const char *text, dr1_throw *out);

#ifdef __cplusplus
}
#endif

#endif
