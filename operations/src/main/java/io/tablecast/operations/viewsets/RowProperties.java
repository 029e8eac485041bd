package io.tablecast.operations.viewsets;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.BasicDataType;

/**
 * A row's properties as {@link DiskRows} stores them: each name, then its value after a tag of one
 * byte for the table service's types (String, Int64, Int32, Double, Boolean, DateTime as an
 * {@link Instant}, Binary, Guid). A value of any other type is written with Java serialization,
 * which MVStore's default type uses for every value, and which costs several times more.
 */
final class RowProperties extends BasicDataType<Map<String, Object>> {

  static final RowProperties INSTANCE = new RowProperties();

  private RowProperties() {}

  @Override
  public int getMemory(Map<String, Object> row) {
    int bytes = 48;
    for (Map.Entry<String, Object> property : row.entrySet()) {
      bytes += 48 + 2 * property.getKey().length() + (property.getValue() instanceof String text ? 40 + 2 * text.length()
          : property.getValue() instanceof byte[] binary ? 16 + binary.length : 24);
    }
    return bytes;
  }

  @Override
  public void write(WriteBuffer buffer, Map<String, Object> row) {
    buffer.putVarInt(row.size());
    row.forEach((name, value) -> {
      string(buffer, name);
      if (value instanceof String text) {
        string(buffer.put((byte) 's'), text);
      } else if (value instanceof Long number) {
        buffer.put((byte) 'l').putVarLong(number);
      } else if (value instanceof Integer number) {
        buffer.put((byte) 'i').putVarInt(number);
      } else if (value instanceof Double number) {
        buffer.put((byte) 'd').putDouble(number);
      } else if (value instanceof Boolean flag) {
        buffer.put((byte) (flag ? 'T' : 'F'));
      } else if (value instanceof Instant at) {
        buffer.put((byte) 't').putVarLong(at.getEpochSecond()).putVarInt(at.getNano());
      } else if (value instanceof byte[] binary) {
        buffer.put((byte) 'y').putVarInt(binary.length).put(binary);
      } else if (value instanceof UUID id) {
        buffer.put((byte) 'u').putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits());
      } else {
        byte[] serialized = serialized(value);
        buffer.put((byte) 'j').putVarInt(serialized.length).put(serialized);
      }
    });
  }

  @Override
  @SuppressWarnings("unchecked")
  public Map<String, Object> read(ByteBuffer buffer) {
    Map.Entry<String, Object>[] properties = new Map.Entry[DataUtils.readVarInt(buffer)];
    for (int i = 0; i < properties.length; i++) {
      String name = DataUtils.readString(buffer);
      byte tag = buffer.get();
      Object value = switch (tag) {
        case 's' -> DataUtils.readString(buffer);
        case 'l' -> DataUtils.readVarLong(buffer);
        case 'i' -> DataUtils.readVarInt(buffer);
        case 'd' -> buffer.getDouble();
        case 'T' -> true;
        case 'F' -> false;
        case 't' -> Instant.ofEpochSecond(DataUtils.readVarLong(buffer), DataUtils.readVarInt(buffer));
        case 'y' -> bytes(buffer);
        case 'u' -> new UUID(buffer.getLong(), buffer.getLong());
        case 'j' -> deserialized(bytes(buffer));
        default -> throw new IllegalStateException("A row's file holds an unknown tag " + tag);
      };
      properties[i] = Map.entry(name, value);
    }
    return Map.ofEntries(properties);
  }

  @Override
  @SuppressWarnings("unchecked")
  public Map<String, Object>[] createStorage(int size) {
    return new Map[size];
  }

  private static void string(WriteBuffer buffer, String text) {
    buffer.putVarInt(text.length()).putStringData(text, text.length());
  }

  private static byte[] bytes(ByteBuffer buffer) {
    byte[] bytes = new byte[DataUtils.readVarInt(buffer)];
    buffer.get(bytes);
    return bytes;
  }

  private static byte[] serialized(Object value) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    } catch (IOException e) {
      throw new UncheckedIOException("A property of type " + value.getClass().getName() + " cannot be kept on disk", e);
    }
    return bytes.toByteArray();
  }

  private static Object deserialized(byte[] bytes) {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      return in.readObject();
    } catch (IOException | ClassNotFoundException e) {
      throw new IllegalStateException("A property kept on disk does not read back", e);
    }
  }
}
