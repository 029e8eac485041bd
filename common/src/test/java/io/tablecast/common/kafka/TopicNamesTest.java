package io.tablecast.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.common.config.Namespace;
import io.tablecast.events.EventTopicNames;
import java.util.List;
import org.junit.jupiter.api.Test;

class TopicNamesTest {

  @Test
  void everyTopicOfSpecSection1IsInTheNamespace_theEventTopicsByTheirNamesWithoutIt() {
    TopicNames topics = TopicNames.of(new Namespace("t1"), EventTopicNames.ALL);

    assertThat(topics.all()).containsExactly("t1.tablecast.commands", "t1.tablecast.command-results",
        "t1.tablecast.employee-events", "t1.tablecast.department-events", "t1.tablecast.projector-dlq");
    assertThat(topics.eventTopic(EventTopicNames.DEPARTMENT_EVENTS)).isEqualTo("t1.tablecast.department-events");
    assertThat(TopicNames.of(Namespace.NONE, EventTopicNames.ALL).eventTopics()).isEqualTo(EventTopicNames.ALL);
  }

  @Test
  void aNameThatIsNoEventTopicIsRefused() {
    assertThatThrownBy(() -> TopicNames.of(Namespace.NONE, EventTopicNames.ALL).eventTopic("tablecast.commands"))
        .hasMessage("No event topic 'tablecast.commands'; there are [tablecast.employee-events, tablecast.department-events].");
  }

  @Test
  void aNamespacedRefusalNamesTheEventTopicsWithoutTheNamespace() {
    assertThatThrownBy(() -> TopicNames.of(new Namespace("t1"), List.of("orders.order-events")).eventTopic("tablecast.commands"))
        .hasMessage("No event topic 'tablecast.commands'; there are [orders.order-events].");
  }

  @Test
  void theCommandsAndDeadLetterTopicsAreTheNamespacesWhateverItsEventTopics() {
    Namespace namespace = new Namespace("t1");
    TopicNames topics = TopicNames.of(namespace, List.of());

    assertThat(TopicNames.commands(namespace)).isEqualTo(topics.commands()).isEqualTo("t1.tablecast.commands");
    assertThat(TopicNames.projectorDlq(namespace)).isEqualTo(topics.projectorDlq()).isEqualTo("t1.tablecast.projector-dlq");
  }
}
