package io.tablecast.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.common.config.ConfigException;
import io.tablecast.common.config.Env;
import java.util.Base64;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class ConsistencyTokensTest {

  private static final byte[] KEY = "a key of thirty-two bytes or more".getBytes();
  private static final ConsistencyTokens SIGNED = ConsistencyTokens.signedWith(KEY);
  private static final ConsistencyToken FAR_AHEAD = new ConsistencyToken.EventPosition("tablecast.employee-events", 0, Long.MAX_VALUE);

  @Property
  void aSignedTokenReadsBackAsItself(@ForAll @IntRange(min = 0, max = 1000) int partition, @ForAll @LongRange(min = 0) long offset) {
    ConsistencyToken token = new ConsistencyToken.EventPosition("tablecast.employee-events", partition, offset);

    assertThat(SIGNED.read(SIGNED.write(token))).contains(token);
    assertThat(ConsistencyTokens.UNSIGNED.read(SIGNED.write(token))).as("a service without the key reads it unchecked").contains(token);
  }

  @Test
  void withAKeyAnUnsignedForgedOrOtherKeysTokenIsNotOne() {
    String signed = SIGNED.write(FAR_AHEAD);
    String signature = signed.substring(signed.lastIndexOf('.') + 1);
    ConsistencyToken elsewhere = new ConsistencyToken.EventPosition("tablecast.employee-events", 1, Long.MAX_VALUE);

    assertThat(SIGNED.read(FAR_AHEAD.encode())).as("unsigned").isEmpty();
    assertThat(SIGNED.read(elsewhere.encode() + "." + signature)).as("another token's signature").isEmpty();
    assertThat(SIGNED.read(ConsistencyTokens.signedWith("another key, thirty-two bytes long".getBytes()).write(FAR_AHEAD)))
        .as("another key's").isEmpty();
    char last = signed.charAt(signed.length() - 1);
    assertThat(SIGNED.read(signed.substring(0, signed.length() - 1) + (last == 'A' ? 'B' : 'A'))).as("a signature changed").isEmpty();
    assertThat(SIGNED.read(signed + "x")).isEmpty();
    assertThat(SIGNED.read(null)).isEmpty();
    assertThat(SIGNED.read("..")).isEmpty();
  }

  @Test
  void withoutAKeyTokensTravelUnsignedAsBefore() {
    assertThat(ConsistencyTokens.UNSIGNED.write(FAR_AHEAD)).isEqualTo(FAR_AHEAD.encode());
    assertThat(ConsistencyTokens.UNSIGNED.read(FAR_AHEAD.encode())).contains(FAR_AHEAD);
    assertThat(ConsistencyTokens.UNSIGNED.signed()).isFalse();
  }

  @Test
  void theKeyComesFromTheEnvironment_isBase64OfThirtyTwoBytesAtLeast_andIsNeverShown() {
    String key = Base64.getEncoder().encodeToString(KEY);
    ConsistencyTokens fromEnv = ConsistencyTokens.fromEnv(Env.of(Map.of("TABLECAST_CONSISTENCY_KEY", key)));

    assertThat(fromEnv.read(SIGNED.write(FAR_AHEAD))).contains(FAR_AHEAD);
    assertThat(fromEnv.toString()).doesNotContain(key).contains("hidden");
    assertThat(ConsistencyTokens.fromEnv(Env.of(Map.of()))).isSameAs(ConsistencyTokens.UNSIGNED);
    assertThatThrownBy(() -> ConsistencyTokens.fromEnv(Env.of(Map.of("TABLECAST_CONSISTENCY_KEY", "c2hvcnQ="))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("at least 32 bytes").hasMessageNotContaining("c2hvcnQ=");
  }
}
