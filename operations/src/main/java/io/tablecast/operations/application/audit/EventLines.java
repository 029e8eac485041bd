package io.tablecast.operations.application.audit;

import io.tablecast.events.EmployeeEvent;
import io.tablecast.schemas.EventCodec;
import java.util.Base64;

/**
 * Employee events as sortable lines: {@code <id8>\t<version, 10 digits>\t<offset, 19
 * digits>\t<base64 of the single-object encoding>}. Sorted, an employee's events are adjacent
 * and in version order (the order the projector applies them in, since one employee's events
 * share one Kafka partition); a redelivered copy follows its original.
 */
final class EventLines {

  private final EventCodec codec;

  EventLines(EventCodec codec) {
    this.codec = codec;
  }

  String line(EmployeeEvent event, long offset) {
    return String.format("%s\t%010d\t%019d\t%s", event.employeeId().canonical(), event.version(), offset,
        Base64.getEncoder().encodeToString(codec.encode(event)));
  }

  static String employeeId(String line) {
    return line.substring(0, line.indexOf('\t'));
  }

  EmployeeEvent event(String line) {
    return (EmployeeEvent) codec.decode(Base64.getDecoder().decode(line.substring(line.lastIndexOf('\t') + 1)));
  }
}
