package io.tablecast.commands.adapter.out.kafka.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.schemas.SchemaCompatibilityCheck;
import org.junit.jupiter.api.Test;

/**
 * The build-time gate of the internal records, as of the events (SPEC §2): every current schema
 * is FULL-compatible (backward and forward) with every released version of the same record, not
 * just the latest. Both directions matter here: during a rolling deploy, instances of the old and
 * the new version read each other's commands and results, and a new instance restores state
 * stores that an old one wrote.
 */
class InternalFullCompatibilityTest {

  private static final InternalSchemas SCHEMAS = InternalSchemas.load();

  @Test
  void everyCurrentInternalSchemaIsFullyCompatibleWithEveryReleasedVersion() {
    assertThat(SchemaCompatibilityCheck.checkAgainstReleased(SCHEMAS.current(), SCHEMAS.released())).isEmpty();
  }

  @Test
  void everyCurrentInternalRecordHasBeenReleased() {
    // Guards the check above against passing vacuously: it compares against real releases.
    assertThat(SCHEMAS.releasedVersions().keySet()).containsExactlyInAnyOrderElementsOf(SCHEMAS.current().keySet());
  }
}
