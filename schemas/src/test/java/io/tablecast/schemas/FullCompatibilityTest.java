package io.tablecast.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The build-time proof of SPEC §2: every current event schema is FULL-compatible (backward and
 * forward) with every released version of the same record, not just the latest.
 */
class FullCompatibilityTest {

  private static final EventSchemas SCHEMAS = EventSchemas.load();

  @Test
  void everyCurrentSchemaIsFullyCompatibleWithEveryReleasedVersion() {
    assertThat(SchemaCompatibilityCheck.checkAgainstReleased(SCHEMAS)).isEmpty();
  }

  @Test
  void everyCurrentEventRecordHasBeenReleased() {
    // Guards the check above against passing vacuously: it compares against real releases.
    assertThat(SCHEMAS.releasedVersions().keySet()).containsExactlyInAnyOrderElementsOf(SCHEMAS.current().keySet());
  }
}
