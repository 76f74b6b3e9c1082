/* The DR1 protocol, device side. See dr1.h and docs/dice-protocol.md. */
#include "dr1.h"

#include <stdio.h>
#include <string.h>

static const char *const EVENT_FACES[] = {NULL, "SHIP", "BLUE", "GREEN", "YELLOW", "?"};

void dr1_begin(dr1_device *device, uint32_t random_bits) {
    device->seq = 0;
    snprintf(device->boot, sizeof device->boot, "%08lX", (unsigned long)random_bits);
}

uint8_t dr1_checksum(const char *body) {
    uint8_t sum = 0;
    while (*body) sum ^= (uint8_t)*body++;
    return sum;
}

/* Frames `body` into `line`; every line, sent or not, uses up a seq. */
static size_t frame(dr1_device *device, char *line, const char *body) {
    char framed[DR1_LINE_SIZE];
    int length = snprintf(framed, sizeof framed, "$%s*%02X\r\n", body, dr1_checksum(body));
    device->seq++;  /* uint16_t: 65535 + 1 is 0, the wrap the host expects */
    if (length < 0 || length - 2 > 80) return 0;  /* the frame, without CRLF, is at most 80 bytes */
    memcpy(line, framed, (size_t)length + 1);
    return (size_t)length;
}

/* A value may hold printable ASCII but no space, '$', '*', ',' or '='. */
static int plain_value(const char *value) {
    if (!value || !*value) return 0;
    for (; *value; value++) {
        if (*value <= ' ' || *value > '~' || strchr("$*,=", *value)) return 0;
    }
    return 1;
}

static int append(char *body, size_t size, const char *key, const char *value) {
    size_t used = strlen(body);
    int added = snprintf(body + used, size - used, ",%s=%s", key, value);
    return added > 0 && (size_t)added < size - used;
}

static void start(dr1_device *device, char *body, size_t size, const char *type) {
    snprintf(body, size, "DR1,%u,%s", (unsigned)device->seq, type);
}

size_t dr1_hello(dr1_device *device, char *line, const char *fw, const char *sn, const char *dice) {
    char body[DR1_LINE_SIZE];
    start(device, body, sizeof body, "HELLO");
    if ((fw && !(plain_value(fw) && append(body, sizeof body, "fw", fw))) ||
        (sn && !(plain_value(sn) && append(body, sizeof body, "sn", sn))) ||
        !append(body, sizeof body, "boot", device->boot) ||
        (dice && !(plain_value(dice) && append(body, sizeof body, "dice", dice)))) {
        device->seq++;
        return 0;
    }
    return frame(device, line, body);
}

size_t dr1_heartbeat(dr1_device *device, char *line) {
    char body[DR1_LINE_SIZE];
    start(device, body, sizeof body, "HB");
    append(body, sizeof body, "boot", device->boot);
    return frame(device, line, body);
}

size_t dr1_motion(dr1_device *device, char *line) {
    char body[DR1_LINE_SIZE];
    start(device, body, sizeof body, "MOTION");
    append(body, sizeof body, "boot", device->boot);
    return frame(device, line, body);
}

static int pips(char *out, int value) {
    if (value == DR1_UNREADABLE) { strcpy(out, "?"); return 1; }
    if (value >= 1 && value <= 6) { out[0] = (char)('0' + value); out[1] = 0; return 1; }
    return 0;
}

size_t dr1_roll(dr1_device *device, char *line, const dr1_throw *dice) {
    char body[DR1_LINE_SIZE], face[2];
    int any = 0;
    start(device, body, sizeof body, "ROLL");
    if (dice->yellow != DR1_NOT_READ) {
        if (!pips(face, dice->yellow)) { device->seq++; return 0; }
        append(body, sizeof body, "Y", face);
        any = 1;
    }
    if (dice->red != DR1_NOT_READ) {
        if (!pips(face, dice->red)) { device->seq++; return 0; }
        append(body, sizeof body, "R", face);
        any = 1;
    }
    if (dice->event != DR1_EVENT_NONE) {
        if (dice->event < DR1_EVENT_SHIP || dice->event > DR1_EVENT_UNREADABLE) { device->seq++; return 0; }
        append(body, sizeof body, "E", EVENT_FACES[dice->event]);
        any = 1;
    }
    if (!any) { device->seq++; return 0; }  /* a ROLL needs at least one die */
    append(body, sizeof body, "boot", device->boot);
    return frame(device, line, body);
}

size_t dr1_error(dr1_device *device, char *line, const char *code, char die) {
    char body[DR1_LINE_SIZE], which[2] = {die, 0};
    size_t i, length = code ? strlen(code) : 0;
    int ok = length >= 1 && length <= 16 && code[0] >= 'A' && code[0] <= 'Z';
    for (i = 1; ok && i < length; i++) {
        ok = (code[i] >= 'A' && code[i] <= 'Z') || (code[i] >= '0' && code[i] <= '9') || code[i] == '_';
    }
    if (!ok || (die && !strchr("YRE", die))) { device->seq++; return 0; }
    start(device, body, sizeof body, "ERR");
    append(body, sizeof body, "code", code);
    if (die) append(body, sizeof body, "die", which);
    append(body, sizeof body, "boot", device->boot);
    return frame(device, line, body);
}

static const char *skip_blanks(const char *text) {
    while (*text == ' ' || *text == '\t' || *text == ',' || *text == '+') text++;
    return text;
}

static int typed_die(const char **text, int *value) {
    const char *at = skip_blanks(*text);
    if (*at >= '1' && *at <= '6') *value = *at - '0';
    else if (*at == '?') *value = DR1_UNREADABLE;
    else return 0;
    *text = at + 1;
    return 1;
}

int dr1_parse_typed(const char *text, dr1_throw *out) {
    static const char *const words[] = {"ship", "blue", "green", "yellow", "?"};
    dr1_throw dice = {DR1_NOT_READ, DR1_NOT_READ, DR1_EVENT_NONE};
    size_t i;
    if (!typed_die(&text, &dice.yellow) || !typed_die(&text, &dice.red)) return 0;
    text = skip_blanks(text);
    if (*text) {
        for (i = 0; i < sizeof words / sizeof *words; i++) {
            size_t n = strlen(words[i]);
            char rest;
            if (strncmp(text, words[i], n) != 0) continue;
            rest = *skip_blanks(text + n);
            if (rest && rest != '\r' && rest != '\n') return 0;
            dice.event = (enum dr1_event)(DR1_EVENT_SHIP + i);
            break;
        }
        if (dice.event == DR1_EVENT_NONE && *text != '\r' && *text != '\n') return 0;
    }
    *out = dice;
    return 1;
}
