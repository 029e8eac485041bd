package io.tablecast.projection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ViewRouteTest {

  @Test
  void aPathIsSegmentsAndParameters_andAnythingElseIsRefusedWithTheRule() {
    assertThat(ViewRoute.get("/customers/{customerId}/orders", (request, views) -> Optional.empty()).path())
        .isEqualTo("/customers/{customerId}/orders");

    for (String path : List.of("", "customers", "/", "/customers/", "/a//b", "/{}", "/{id", "/a b", "/{1st}", "/x?y=1")) {
      assertThatThrownBy(() -> ViewRoute.get(path, (request, views) -> Optional.empty())).as(path)
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("/segment or /{parameter}");
    }
  }
}
