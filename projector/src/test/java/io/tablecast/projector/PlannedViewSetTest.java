package io.tablecast.projector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.hr.steps.HrProjections;
import io.tablecast.projection.PlannedViewSet;
import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;

class PlannedViewSetTest {

  @Test
  void theEngineFindsHrOnItsClassPathAsThePlannedViewSet() {
    assertThat(PlannedViewSet.found()).isSameAs(HrProjections.PLANNED);
  }

  @Test
  void aClassPathWithoutAPlannedViewSetIsRefusedWithWhatItFound() throws Exception {
    try (URLClassLoader empty = new URLClassLoader(new URL[0], null)) {
      assertThatThrownBy(() -> PlannedViewSet.found(empty))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("Expected one planned view set on the class path, found 0: []");
    }
  }
}
