package io.tablecast.common.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeysTest {

  @ParameterizedTest
  @CsvSource(
      delimiterString = "->",
      value = {
        "o'brien -> o'brien",
        "müller -> müller",
        "a/b#c?d -> a%2Fb%23c%3Fd",
        "back\\slash -> back%5Cslash",
        "100% -> 100%25",
        "😀 emoji -> 😀 emoji",
        "tilde~ok -> tilde~ok"
      })
  void escapesOnlyForbiddenCharactersAndPercent(String text, String expected) {
    assertThat(Keys.key(text)).isEqualTo(expected);
  }

  @Test
  void escapesC0AndC1ControlCharactersAsUtf8Bytes() {
    assertThat(Keys.key("a\u0000b\u001Fc\u007Fd\u0085e\u009Ff"))
        .isEqualTo("a%00b%1Fc%7Fd%C2%85e%C2%9Ff");
  }

  @Test
  void leavesTheFirstCharacterAfterTheControlRangesAlone() {
    assertThat(Keys.key("\u00A0\u0020")).isEqualTo("\u00A0\u0020");
  }

  @Test
  void writesEscapesInUpperCaseHex() {
    assertThat(Keys.key("?")).isEqualTo("%3F");
    assertThat(Keys.key("\u001b")).isEqualTo("%1B");
  }

  @Test
  void keepsA400UnitKeyAsItIs() {
    String text = "a".repeat(400);
    assertThat(Keys.key(text)).isEqualTo(text);
  }

  @Test
  void shortensAKeyOver400UnitsToPrefixTildeAndSha256() throws Exception {
    String text = "b".repeat(401);
    String expectedHash =
        HexFormat.of()
            .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));

    String key = Keys.key(text);

    assertThat(key).isEqualTo("b".repeat(320) + "~" + expectedHash);
    assertThat(key).hasSize(385);
  }

  @Test
  void countsTheEscapedLengthWhenDecidingToShorten() {
    // 134 slashes escape to 402 units.
    String key = Keys.key("/".repeat(134));
    assertThat(key).contains("~").hasSize(318 + 1 + 64);
  }

  @Test
  void neverCutsAnEscapeSequenceInTheKeptPrefix() {
    // 319 plain characters, then an escape: the cut at 320 would fall inside %2F.
    String key = Keys.key("x".repeat(319) + "/" + "y".repeat(200));
    assertThat(key).startsWith("x".repeat(319) + "~");
  }

  @Test
  void neverCutsASurrogatePairInTheKeptPrefix() {
    String key = Keys.key("x".repeat(319) + "😀" + "y".repeat(200));
    assertThat(key).startsWith("x".repeat(319) + "~");
  }

  @Test
  void distinguishesLongTextsThatShareTheirPrefix() {
    String common = "z".repeat(500);
    assertThat(Keys.key(common + "a")).isNotEqualTo(Keys.key(common + "b"));
  }

  @Test
  void rejectsNull() {
    assertThatThrownBy(() -> Keys.key(null)).hasMessageContaining("'text'");
  }

  @Test
  void unescapeRejectsATruncatedEscape() {
    assertThatThrownBy(() -> Keys.unescape("abc%2")).isInstanceOf(IllegalArgumentException.class);
  }

  @Property(tries = 2000)
  void escapingIsReversibleForKeysThatWereNotShortened(@ForAll("anyText") String text) {
    if (Keys.escape(text).length() <= Keys.MAX_ESCAPED_LENGTH) {
      assertThat(Keys.unescape(Keys.key(text))).isEqualTo(text);
    }
  }

  @Property(tries = 2000)
  void keysNeverContainForbiddenCharactersAndStayWithinLimits(@ForAll("anyText") String text) {
    String key = Keys.key(text);
    assertThat(key.codePoints()).noneMatch(cp -> cp != '%' && Keys.mustEscape(cp));
    assertThat(key.length()).isLessThanOrEqualTo(Keys.MAX_ESCAPED_LENGTH);
    assertThat(key.getBytes(StandardCharsets.UTF_16LE).length).isLessThan(1024);
    assertThat(key).isEqualTo(Keys.key(text));
  }

  @Property(tries = 1000)
  void differentTextsGiveDifferentKeys(@ForAll("anyText") String a, @ForAll("anyText") String b) {
    if (!a.equals(b)) {
      assertThat(Keys.key(a)).isNotEqualTo(Keys.key(b));
    }
  }

  @Provide
  Arbitrary<String> anyText() {
    Arbitrary<String> mixed =
        Arbitraries.strings()
            .withChars("/\\#?%~ab'\u0000\u001f\u007f\u009f\u00a0é")
            .withCharRange('\u0000', '\u00ff')
            .ofMinLength(0)
            .ofMaxLength(600);
    Arbitrary<String> unicode = Arbitraries.strings().all().ofMaxLength(300);
    Arbitrary<String> emoji = Arbitraries.of("😀", "👩‍💻", "a", "/", "%").list().ofMaxSize(200).map(l -> String.join("", l));
    return Arbitraries.oneOf(mixed, unicode, emoji);
  }

  @Property
  void aPrefixMatchesTheKeyOfEveryTextThatStartsWithIt(@ForAll("anyText") String start, @ForAll("anyText") String rest) {
    Keys.prefix(start).ifPresent(prefix -> assertThat(Keys.key(start + rest)).startsWith(prefix));
  }

  @Test
  void aPrefixLongerThanAShortenedKeyKeepsIsRefused() {
    assertThat(Keys.prefix("a".repeat(317))).contains("a".repeat(317));
    assertThat(Keys.prefix("a".repeat(318))).isEmpty();
    assertThat(Keys.prefix("/".repeat(106))).isEmpty();
  }
}
