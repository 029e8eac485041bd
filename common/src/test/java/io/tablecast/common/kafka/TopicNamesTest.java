package io.tablecast.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.common.config.Namespace;
import io.tablecast.events.EventTopicNames;
import org.junit.jupiter.api.Test;

class TopicNamesTest {

  @Test
  void everyTopicOfSpecSection1IsInTheNamespace_theEventTopicsByTheirNamesWithoutIt() {
    TopicNames topics = TopicNames.of(new Namespace("t1"));

    assertThat(topics.all()).containsExactly("t1.tablecast.commands", "t1.tablecast.command-results",
        "t1.tablecast.employee-events", "t1.tablecast.department-events", "t1.tablecast.projector-dlq");
    assertThat(topics.eventTopic(EventTopicNames.DEPARTMENT_EVENTS)).isEqualTo("t1.tablecast.department-events");
    assertThat(TopicNames.of(Namespace.NONE).eventTopics()).isEqualTo(EventTopicNames.ALL);
  }

  @Test
  void aNameThatIsNoEventTopicIsRefused() {
    assertThatThrownBy(() -> TopicNames.of(Namespace.NONE).eventTopic("tablecast.commands"))
        .hasMessage("No event topic 'tablecast.commands'; there are [tablecast.employee-events, tablecast.department-events].");
  }
}
