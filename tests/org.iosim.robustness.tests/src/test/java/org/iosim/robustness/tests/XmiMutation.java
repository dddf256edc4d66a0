package org.iosim.robustness.tests;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * One change to one file of a valid model set that a broken tool, a careless edit or an attacker
 * could make. Positions are arbitrary integers taken modulo what the file has, so that every
 * mutation applies to every file and shrinks towards the file's start.
 */
sealed interface XmiMutation {

	/** What a mutation may refer to besides its own file. */
	record Context(String fileName, List<String> fileNames, int serverPort, String secretFile) {
	}

	byte[] apply(byte[] content, Context context);

	// ------------------------------------------------------------------ bytes

	record FlipBit(int position, int bit) implements XmiMutation {
		@Override
		public byte[] apply(byte[] content, Context context) {
			if (content.length == 0) {
				return content;
			}
			byte[] flipped = content.clone();
			flipped[Math.floorMod(position, content.length)] ^= (byte) (1 << Math.floorMod(bit, 8));
			return flipped;
		}
	}

	record Truncate(int position) implements XmiMutation {
		@Override
		public byte[] apply(byte[] content, Context context) {
			return Arrays.copyOf(content, Math.floorMod(position, content.length + 1));
		}
	}

	/** Writes the text in another encoding, declaring {@code declared} (null: no encoding declaration). */
	record Reencode(String declared, String actual, boolean byteOrderMark) implements XmiMutation {
		private static final Pattern DECLARATION = Pattern.compile("^\\s*<\\?xml[^>]*\\?>");

		@Override
		public byte[] apply(byte[] content, Context context) {
			String text = new String(content, StandardCharsets.UTF_8);
			Matcher declaration = DECLARATION.matcher(text);
			String body = declaration.find() ? text.substring(declaration.end()) : text;
			String header = "<?xml version=\"1.0\"" + (declared == null ? "" : " encoding=\"" + declared + "\"") + "?>";
			Charset charset = Charset.forName(actual);
			byte[] encoded = (header + body).getBytes(charset);
			if (!byteOrderMark) {
				return encoded;
			}
			byte[] mark = "\uFEFF".getBytes(charset);
			byte[] marked = Arrays.copyOf(mark, mark.length + encoded.length);
			System.arraycopy(encoded, 0, marked, mark.length, encoded.length);
			return marked;
		}
	}

	/** A document type declaration, which model files must never have, after the XML declaration. */
	record InsertDoctype(Doctype kind) implements XmiMutation {
		@Override
		public byte[] apply(byte[] content, Context context) {
			String text = new String(content, StandardCharsets.UTF_8);
			List<XmiText.Element> elements = new XmiText(text).elements();
			String root = elements.isEmpty() ? "root" : elements.get(0).name();
			String withEntity = elements.isEmpty() ? text
					: text.replaceFirst("(<[^!?][^>]*?)(/?>)", "$1 entityName=\"" + kind.reference() + "\"$2");
			int insertAt = Math.max(firstElement(withEntity), 0);
			return (withEntity.substring(0, insertAt) + kind.declaration(root, context) + "\n"
					+ withEntity.substring(insertAt)).getBytes(StandardCharsets.UTF_8);
		}

		private static int firstElement(String text) {
			Matcher element = Pattern.compile("<[A-Za-z_]").matcher(text);
			return element.find() ? element.start() : -1;
		}
	}

	enum Doctype {
		BILLION_LAUGHS, LOCAL_FILE, NETWORK, PARAMETER_ENTITY, EXTERNAL_DTD;

		String declaration(String root, Context context) {
			return switch (this) {
			case BILLION_LAUGHS -> {
				StringBuilder entities = new StringBuilder("<!ENTITY lol0 \"lol\">");
				for (int level = 1; level <= 9; level++) {
					entities.append("<!ENTITY lol").append(level).append(" \"")
							.append(("&lol" + (level - 1) + ";").repeat(10)).append("\">");
				}
				yield "<!DOCTYPE " + root + " [" + entities + "]>";
			}
			case LOCAL_FILE -> "<!DOCTYPE " + root + " [<!ENTITY xxe SYSTEM \"file://" + context.secretFile() + "\">]>";
			case NETWORK -> "<!DOCTYPE " + root + " [<!ENTITY xxe SYSTEM \"http://127.0.0.1:" + context.serverPort()
					+ "/entity\">]>";
			case PARAMETER_ENTITY -> "<!DOCTYPE " + root + " [<!ENTITY % remote SYSTEM \"http://127.0.0.1:"
					+ context.serverPort() + "/parameter\"> %remote;]>";
			case EXTERNAL_DTD -> "<!DOCTYPE " + root + " SYSTEM \"http://127.0.0.1:" + context.serverPort() + "/dtd\">";
			};
		}

		String reference() {
			return this == BILLION_LAUGHS ? "&lol9;" : this == EXTERNAL_DTD ? "plain" : "&xxe;";
		}
	}

	// ------------------------------------------------------------------ elements

	record DeleteElement(int index) implements XmiMutation {
		@Override
		public byte[] apply(byte[] content, Context context) {
			return onElement(content, index, (text, element) -> text.replace(element.start(), element.end(), ""));
		}
	}

	record DuplicateElement(int index) implements XmiMutation {
		@Override
		public byte[] apply(byte[] content, Context context) {
			return onElement(content, index, (text, element) -> text.replace(element.end(), element.end(),
					text.text().substring(element.start(), element.end())));
		}
	}

	/** Reorders an element and the sibling after it. */
	record SwapWithNextSibling(int index) implements XmiMutation {
		@Override
		public byte[] apply(byte[] content, Context context) {
			return onElement(content, index, (text, element) -> {
				XmiText.Element next = text.nextSibling(element);
				if (next == null) {
					return text.text();
				}
				String source = text.text();
				return source.substring(0, element.start()) + source.substring(next.start(), next.end())
						+ source.substring(element.end(), next.start())
						+ source.substring(element.start(), element.end()) + source.substring(next.end());
			});
		}
	}

	/** Renames an element's start tag (its end tag stays, so this often breaks well-formedness too). */
	record RenameElement(int index, String name) implements XmiMutation {
		@Override
		public byte[] apply(byte[] content, Context context) {
			return onElement(content, index, (text, element) -> text.replace(element.start() + 1,
					element.start() + 1 + element.name().length(), name));
		}
	}

	/** Puts {@code levels} levels of {@code nesting} into an element, before its content. */
	record NestDeeply(int index, int levels, Nesting nesting) implements XmiMutation {
		@Override
		public byte[] apply(byte[] content, Context context) {
			return onElement(content, index, (text, element) -> {
				StringBuilder open = new StringBuilder();
				StringBuilder close = new StringBuilder();
				for (int level = 0; level < levels; level++) {
					open.append(nesting.open(level));
					close.insert(0, nesting.close());
				}
				int contentStart = element.startTagEnd();
				if (text.text().startsWith("/>", contentStart - 2)) {
					// an empty element gets an end tag, so the nesting is inside it
					return text.replace(contentStart - 2, contentStart,
							">" + open + close + "</" + element.name() + ">");
				}
				return text.replace(contentStart, contentStart, open.toString() + close);
			});
		}
	}

	enum Nesting {
		/** Elements no model has. */
		UNKNOWN,
		/** Branches inside branches, as a SEFF writes nested control flow (three levels each). */
		SEFF_BRANCH,
		/** Loops inside loops of a usage scenario (two levels each). */
		USAGE_LOOP,
		/** Branches inside branches in an .iosim file (three levels each). */
		IOSIM_BRANCH;

		String open(int level) {
			return switch (this) {
			case UNKNOWN -> "<deep>";
			case SEFF_BRANCH -> "<steps_Behaviour xsi:type=\"seff:BranchAction\" id=\"nested.branch." + level
					+ "\"><branches_Branch xsi:type=\"seff:ProbabilisticBranchTransition\" id=\"nested.transition."
					+ level + "\" branchProbability=\"1.0\"><branchBehaviour_BranchTransition id=\"nested.behaviour."
					+ level + "\">";
			case USAGE_LOOP -> "<actions_ScenarioBehaviour xsi:type=\"usagemodel:Loop\" id=\"nested.loop." + level
					+ "\"><bodyBehaviour_Loop id=\"nested.body." + level + "\">";
			case IOSIM_BRANCH -> "<steps xsi:type=\"pcm:BranchAction\" id=\"nested.branch." + level
					+ "\"><branches xsi:type=\"pcm:ProbabilisticBranchTransition\" probability=\"1\"><behaviour>";
			};
		}

		String close() {
			return switch (this) {
			case UNKNOWN -> "</deep>";
			case SEFF_BRANCH -> "</branchBehaviour_BranchTransition></branches_Branch></steps_Behaviour>";
			case USAGE_LOOP -> "</bodyBehaviour_Loop></actions_ScenarioBehaviour>";
			case IOSIM_BRANCH -> "</behaviour></branches></steps>";
			};
		}
	}

	/** Inserts text that XML treats specially, or that is not XML at all, anywhere. */
	record InsertText(int position, String inserted) implements XmiMutation {
		@Override
		public byte[] apply(byte[] content, Context context) {
			String text = new String(content, StandardCharsets.UTF_8);
			int at = Math.floorMod(position, text.length() + 1);
			return (text.substring(0, at) + inserted + text.substring(at)).getBytes(StandardCharsets.UTF_8);
		}
	}

	// ------------------------------------------------------------------ attributes

	record DeleteAttribute(int index) implements XmiMutation {
		@Override
		public byte[] apply(byte[] content, Context context) {
			return onAttribute(content, index, null,
					(text, attribute) -> text.replace(attribute.nameStart() - 1, attribute.valueEnd() + 1, ""));
		}
	}

	/** Writes an attribute twice, which XML forbids. */
	record DuplicateAttribute(int index) implements XmiMutation {
		@Override
		public byte[] apply(byte[] content, Context context) {
			return onAttribute(content, index, null, (text, attribute) -> {
				String written = text.text().substring(attribute.nameStart(), attribute.valueEnd() + 1);
				return text.replace(attribute.valueEnd() + 1, attribute.valueEnd() + 1, " " + written);
			});
		}
	}

	/** Selects every attribute in {@link SetAttribute}. */
	String ANY_ATTRIBUTE = "*";

	/**
	 * Sets an attribute (of those named {@code selector}, or any) to a value, written into the file as
	 * it is (so it may hold entity and character references).
	 */
	record SetAttribute(String selector, int index, Value value) implements XmiMutation {
		@Override
		public byte[] apply(byte[] content, Context context) {
			return onAttribute(content, index, ANY_ATTRIBUTE.equals(selector) ? null : selector, (text,
					attribute) -> text.replace(attribute.valueStart(), attribute.valueEnd(),
							value.text(text, attribute, context)));
		}
	}

	/** Gives an element the id of another element of the file. */
	record DuplicateId(int from, int to) implements XmiMutation {
		@Override
		public byte[] apply(byte[] content, Context context) {
			String text = new String(content, StandardCharsets.UTF_8);
			List<XmiText.Attribute> ids = new XmiText(text).attributes().stream()
					.filter(attribute -> attribute.name().equals("id") || attribute.name().equals("xmi:id")).toList();
			if (ids.size() < 2) {
				return content;
			}
			XmiText.Attribute source = ids.get(Math.floorMod(from, ids.size()));
			XmiText.Attribute target = ids.get(Math.floorMod(to, ids.size()));
			String id = text.substring(source.valueStart(), source.valueEnd());
			return (text.substring(0, target.valueStart()) + id + text.substring(target.valueEnd()))
					.getBytes(StandardCharsets.UTF_8);
		}
	}

	/** An attribute value: what a broken or hostile file may hold where a valid one has a name, number or reference. */
	sealed interface Value {
		String text(XmiText file, XmiText.Attribute attribute, Context context);
	}

	/** A value written as it is. */
	record Literal(String value) implements Value {
		@Override
		public String text(XmiText file, XmiText.Attribute attribute, Context context) {
			return value;
		}
	}

	/** A very long value. */
	record Huge(int length, char character) implements Value {
		@Override
		public String text(XmiText file, XmiText.Attribute attribute, Context context) {
			return String.valueOf(character).repeat(length);
		}
	}

	/**
	 * A reference written the ways model files write them, to targets that exist or do not:
	 * {@code CYCLE} points an element at itself, {@code SELF_FILE} at an id of its own file written
	 * with the file name, {@code OTHER_FILE} at an id of this file looked for in another file of the
	 * set, {@code PATH_INDEX} at a position by EMF path (sometimes negative).
	 */
	record Reference(Target target, int file, int element) implements Value {
		enum Target {
			CYCLE, SELF_FILE, OTHER_FILE, OTHER_FILE_NO_SUCH_ID, NO_SUCH_FILE, LOCAL_SERVER, PATH_INDEX
		}

		@Override
		public String text(XmiText file, XmiText.Attribute attribute, Context context) {
			List<String> ids = file.attributes("id").stream()
					.map(id -> file.text().substring(id.valueStart(), id.valueEnd())).toList();
			String someId = ids.isEmpty() ? "none" : ids.get(Math.floorMod(element, ids.size()));
			String ownId = ownId(file, attribute);
			String otherFile = context.fileNames().get(Math.floorMod(this.file, context.fileNames().size()));
			return switch (target) {
			case CYCLE -> ownId;
			case SELF_FILE -> context.fileName() + "#" + someId;
			case OTHER_FILE -> otherFile + "#" + someId;
			case OTHER_FILE_NO_SUCH_ID -> otherFile + "#no.such.id";
			case NO_SUCH_FILE -> "no-such-file.repository#" + someId;
			case LOCAL_SERVER -> "http://127.0.0.1:" + context.serverPort() + "/model.repository#" + someId;
			case PATH_INDEX -> "#//@" + attribute.name() + "." + (element % 3 == 0 ? -1 : element);
			};
		}

		/** @return the id of the element whose start tag holds the attribute, or a made-up one */
		private static String ownId(XmiText file, XmiText.Attribute attribute) {
			for (XmiText.Element element : file.elements().reversed()) {
				if (element.start() < attribute.nameStart() && attribute.valueEnd() < element.startTagEnd()) {
					for (XmiText.Attribute id : file.attributes("id")) {
						if (id.nameStart() > element.start() && id.valueEnd() < element.startTagEnd()) {
							return file.text().substring(id.valueStart(), id.valueEnd());
						}
					}
				}
			}
			return "self";
		}
	}

	// ------------------------------------------------------------------ helpers

	interface ElementChange {
		String apply(XmiText text, XmiText.Element element);
	}

	interface AttributeChange {
		String apply(XmiText text, XmiText.Attribute attribute);
	}

	private static byte[] onElement(byte[] content, int index, ElementChange change) {
		XmiText text = new XmiText(new String(content, StandardCharsets.UTF_8));
		if (text.elements().isEmpty()) {
			return content;
		}
		XmiText.Element element = text.elements().get(Math.floorMod(index, text.elements().size()));
		return change.apply(text, element).getBytes(StandardCharsets.UTF_8);
	}

	private static byte[] onAttribute(byte[] content, int index, String selector, AttributeChange change) {
		XmiText text = new XmiText(new String(content, StandardCharsets.UTF_8));
		List<XmiText.Attribute> candidates = selector == null ? text.attributes() : text.attributes(selector);
		if (candidates.isEmpty()) {
			return content;
		}
		return change.apply(text, candidates.get(Math.floorMod(index, candidates.size())))
				.getBytes(StandardCharsets.UTF_8);
	}

	// ------------------------------------------------------------------ generators

	/** @param iosim whether the files are .iosim files (whose nesting and type names differ) */
	static Arbitrary<XmiMutation> any(boolean iosim) {
		Arbitrary<Integer> index = Arbitraries.integers().between(0, 100_000);
		Arbitrary<Nesting> nestings = iosim ? Arbitraries.of(Nesting.UNKNOWN, Nesting.IOSIM_BRANCH)
				: Arbitraries.of(Nesting.UNKNOWN, Nesting.SEFF_BRANCH, Nesting.USAGE_LOOP);
		return Arbitraries.oneOf(
				Combinators.combine(index, Arbitraries.integers().between(0, 7)).as(FlipBit::new),
				index.map(Truncate::new),
				Combinators.combine(encodings().injectNull(0.2), encodings(), Arbitraries.of(true, false))
						.as((declared, actual, mark) -> new Reencode(declared, actual, mark)),
				Arbitraries.of(Doctype.class).map(InsertDoctype::new),
				index.map(DeleteElement::new),
				index.map(DuplicateElement::new),
				index.map(SwapWithNextSibling::new),
				Combinators.combine(index, elementNames()).as(RenameElement::new),
				Combinators.combine(index, Arbitraries.integers().between(1, 150), nestings).as(NestDeeply::new),
				Combinators.combine(index, insertedTexts()).as(InsertText::new),
				index.map(DeleteAttribute::new),
				index.map(DuplicateAttribute::new),
				Combinators.combine(attributeSelectors(iosim), index, values()).as(SetAttribute::new),
				Combinators.combine(index, index).as(DuplicateId::new));
	}

	private static Arbitrary<String> encodings() {
		return Arbitraries.of("UTF-8", "UTF-16", "UTF-16LE", "UTF-16BE", "ISO-8859-1", "US-ASCII", "UTF-32",
				"IBM037");
	}

	private static Arbitrary<String> elementNames() {
		return Arbitraries.oneOf(Arbitraries.of("components__Repository", "steps_Behaviour", "xmi:XMI",
				"repository:Repository", "system:System", "allocation:Allocation", "usagemodel:UsageModel",
				"pcm:ArchitectureModel", "steps", "repositories", "html", "a:b:c"),
				Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(12));
	}

	private static Arbitrary<String> insertedTexts() {
		return Arbitraries.oneOf(Arbitraries.of("<", ">", "&", "&amp;", "&nbsp;", "&#0;", "&#xD800;", "]]>",
				"<![CDATA[x]]>", "<?pi data?>", "<!-- comment -->", "\u0000", "\uFFFE", "<a", "</", "/>",
				"<x xmlns:x=\"\"/>", "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"/etc/passwd\"/>",
				"<?xml version=\"1.0\"?>", "\uD800"), Arbitraries.strings().ofMaxLength(20));
	}

	private static Arbitrary<String> attributeSelectors(boolean iosim) {
		return iosim ? Arbitraries.of(ANY_ATTRIBUTE, "xsi:type", "id", "name", "successor", "demand")
				: Arbitraries.of(ANY_ATTRIBUTE, "xsi:type", "href", "id", "entityName", "specification",
						"successor_AbstractAction", "branchProbability", "population");
	}

	private static Arbitrary<Value> values() {
		Arbitrary<Value> literals = Arbitraries.of("", " ", "nowhere", "#nowhere", "#", "##", "#/", "#/-1",
				"#//@components__Repository.-1", "#//@x.99999999999999", "#//@@@", "%", "%zz", "%00",
				"pathmap://PCM_MODELS/Palladio.resourcetype#nope", "pathmap://OTHER/x#y", "platform:/resource/p/#x",
				"platform:/resource/", "platform:/resource/p//#x", "platform:/resource/p/a%00b#x",
				"file:///dev/zero#x", "file://host/share#x", "file:relative#x", "jar:file:/x!/y#z", "/etc/passwd#x",
				"../../../../../../dev/urandom#x", ".#x", "..#x", "NaN", "-1", "1e400", "99999999999999999999",
				"0x10", "true", "&amp;&lt;&#x41;", "&#x0;", "&undefined;", "&#xD800;", "a b  c\td",
				"repository:Nope", "System", "seff:StartAction", "pcm:ArchitectureModel", "pcm:Nope", ":", "a:b:c",
				"repository:BasicComponent", "seff:ExternalCallAction", "usagemodel:Loop", "pcm:InternalAction",
				"pcm:ForkAction", "(".repeat(5000) + "1" + ")".repeat(5000))
				.map(value -> (Value) new Literal(value));
		Arbitrary<Value> huge = Combinators.combine(Arbitraries.integers().between(1000, 2_000_000),
				Arbitraries.of('x', ' ', '#', '/')).as(Huge::new);
		Arbitrary<Value> references = Combinators.combine(Arbitraries.of(Reference.Target.class),
				Arbitraries.integers().between(0, 1000), Arbitraries.integers().between(0, 1000)).as(Reference::new);
		Arbitrary<Value> text = Arbitraries.strings().ofMaxLength(30).map(value -> (Value) new Literal(
				value.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;")));
		return Arbitraries.frequencyOf(Tuple.of(4, literals), Tuple.of(1, huge), Tuple.of(4, references),
				Tuple.of(2, text));
	}
}
