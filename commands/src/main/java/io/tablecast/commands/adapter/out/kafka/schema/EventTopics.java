package io.tablecast.commands.adapter.out.kafka.schema;

import io.tablecast.common.kafka.Topic;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EventTopicNames;
import io.tablecast.schemas.EventSerde;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;

/** The two event topics as typed descriptors: String keys (aggregate ids), Avro values. */
public record EventTopics(Topic<String, DomainEvent> employees, Topic<String, DomainEvent> departments) {

  public static EventTopics of(TopicNames names) {
    Serde<DomainEvent> events = new EventSerde();
    return new EventTopics(
        new Topic<>(names.eventTopic(EventTopicNames.EMPLOYEE_EVENTS), Serdes.String(), events),
        new Topic<>(names.eventTopic(EventTopicNames.DEPARTMENT_EVENTS), Serdes.String(), events));
  }
}
