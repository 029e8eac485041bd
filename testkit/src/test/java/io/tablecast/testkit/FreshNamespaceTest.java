package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.config.Namespace;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FreshNamespaceTest {

  @Test
  void freshNamespacesAreValidPrefixesAndDoNotRepeat() {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 1_000; i++) {
      Namespace ns = TablecastRuntimeExtension.freshNamespace();
      assertThat(ns.prefix()).matches("t[a-z0-9]{7}");
      seen.add(ns.prefix());
    }
    assertThat(seen).hasSize(1_000);
  }
}
