package io.tablecast.operations.application.audit;

import io.tablecast.operations.application.audit.AuditRecords.Line;
import java.util.Iterator;

/**
 * Walks two sorted streams of canonical lines side by side, as a merge join on the key, and hands
 * over each key with what each side holds there: both, the expected side only, or the actual side
 * only. Reads one line ahead on each side, whatever the streams' length.
 */
final class MergeCompare {

  /** Receives each key once per pairing; {@code expected} or {@code actual} is null when absent. */
  interface Sink {
    void entity(Line expected, Line actual);
  }

  private MergeCompare() {}

  static void run(Iterator<String> expected, Iterator<String> actual, Sink sink) {
    Line want = next(expected);
    Line have = next(actual);
    while (want != null || have != null) {
      int order = want == null ? 1 : have == null ? -1 : want.key().compareTo(have.key());
      if (order == 0) {
        sink.entity(want, have);
        want = next(expected);
        have = next(actual);
      } else if (order < 0) {
        sink.entity(want, null);
        want = next(expected);
      } else {
        sink.entity(null, have);
        have = next(actual);
      }
    }
  }

  private static Line next(Iterator<String> lines) {
    return lines.hasNext() ? Line.parse(lines.next()) : null;
  }
}
