package io.tablecast.common.kafka;

import io.tablecast.common.config.Namespace;
import io.tablecast.events.EventTopicNames;
import java.util.List;

/**
 * The topic names of SPEC §1, within a {@link Namespace}.
 *
 * @param commands commands from the HTTP service to the command processor
 * @param commandResults rejections and no-op outcomes, read back by the HTTP service
 * @param employeeEvents Avro events of the employee aggregate, keyed by 8-digit id
 * @param departmentEvents Avro events of the department aggregate, keyed by department id
 * @param projectorDlq events the projector could not decode or apply
 */
public record TopicNames(
    String commands,
    String commandResults,
    String employeeEvents,
    String departmentEvents,
    String projectorDlq) {

  public static TopicNames of(Namespace namespace) {
    return new TopicNames(
        namespace.topic("tablecast.commands"),
        namespace.topic("tablecast.command-results"),
        namespace.topic(EventTopicNames.EMPLOYEE_EVENTS),
        namespace.topic(EventTopicNames.DEPARTMENT_EVENTS),
        namespace.topic("tablecast.projector-dlq"));
  }

  public List<String> eventTopics() {
    return List.of(employeeEvents, departmentEvents);
  }

  public List<String> all() {
    return List.of(commands, commandResults, employeeEvents, departmentEvents, projectorDlq);
  }
}
