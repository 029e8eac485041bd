package io.tablecast.operations.application.audit;

import io.tablecast.projection.LogAudit;
import java.util.Base64;

/**
 * The events of sorted aggregates as sortable lines: {@code <aggregate>\t<version, 10
 * digits>\t<offset, 19 digits>\t<base64 of the event as the view set encodes it>}. Sorted, an
 * aggregate's events are adjacent and in version order (the order the projector applies them in,
 * since one aggregate's events share one Kafka partition); a redelivered copy follows its original.
 */
final class EventLines<E> {

  private final LogAudit<E> audit;

  EventLines(LogAudit<E> audit) {
    this.audit = audit;
  }

  String line(String aggregate, E event, long offset) {
    return String.format("%s\t%010d\t%019d\t%s", aggregate, audit.version(event), offset,
        Base64.getEncoder().encodeToString(audit.encode(event)));
  }

  static String aggregate(String line) {
    return line.substring(0, line.indexOf('\t'));
  }

  E event(String line) {
    return audit.decode(Base64.getDecoder().decode(line.substring(line.lastIndexOf('\t') + 1)));
  }
}
