import { Link } from '../components/link';
import { pageTexts } from '@veredicto/contract';
import { getSiteConfig } from '../lib/site-config';
import { routes } from '../lib/paths';
import { usePageMeta } from '../lib/use-page-meta';

/**
 * 'Política de privacidad' (GDPR arts. 13 and 14): what the site keeps of a person, why, for how long and
 * how to exercise each right. It describes what the code does; change it when the data kept changes.
 */
export function PrivacyPolicyPage() {
  usePageMeta({ ...pageTexts.privacy(), canonicalPath: routes.privacy() });
  const { siteName, contactEmail } = getSiteConfig();
  const contact = <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;
  return (
    <article className="page privacy-policy">
      <h1>Política de privacidad</h1>
      <p>
        En {siteName} guardamos solo lo que hace falta para que puedas puntuar, escribir críticas y llevar tus
        listas. No vendemos tus datos, no los usamos para publicidad y no hay cookies de seguimiento.
      </p>

      <h2>Responsable</h2>
      <p>
        El responsable del tratamiento es {siteName}. Para cualquier cuestión sobre tus datos escríbenos a{' '}
        {contact}.
      </p>

      <h2>Qué datos tratamos y para qué</h2>
      <ul>
        <li>
          <strong>Tu cuenta</strong>: nombre de usuario, correo electrónico y una huella de tu contraseña
          (nunca la contraseña en claro). Sirven para identificarte, confirmar tu correo y recuperar el
          acceso. Base jurídica: la ejecución del servicio que nos pides (art. 6.1.b del RGPD).
        </li>
        <li>
          <strong>Lo que publicas</strong>: puntuaciones, críticas y listas. Tus críticas y puntuaciones se
          muestran con tu nombre de usuario, porque publicarlas es el objeto del servicio (art. 6.1.b).
        </li>
        <li>
          <strong>Datos técnicos</strong>: la dirección IP y la hora de cada petición, para limitar los
          intentos de acceso y proteger las cuentas frente a ataques. Base jurídica: nuestro interés legítimo
          en la seguridad del servicio (art. 6.1.f). La dirección IP no se guarda con tu cuenta: los
          contadores de intentos se borran solos en minutos.
        </li>
      </ul>

      <h2>Cookies y almacenamiento en el navegador</h2>
      <p>
        Solo usamos almacenamiento técnico, imprescindible para que el sitio funcione, por lo que no necesita
        tu consentimiento: tu sesión se guarda en el almacenamiento local del navegador y, en las
        instalaciones con varias bases de datos, justo después de que guardes algo una cookie técnica de unos
        segundos hace que veas tus propios cambios al momento.
      </p>

      <h2>Cuánto tiempo los conservamos</h2>
      <p>
        Mientras tengas la cuenta. Si la eliminas desde <Link to={routes.profile()}>Mi cuenta</Link>, borramos
        en ese momento tu cuenta, tus puntuaciones, tus críticas y tus listas, y las medias de los juegos se
        recalculan sin ellas.
      </p>

      <h2>Con quién los compartimos</h2>
      <p>
        Con nadie con fines propios. Los correos (confirmación, recuperación de contraseña) se envían a través
        de un proveedor de correo que actúa como encargado del tratamiento y solo recibe tu dirección y el
        mensaje.
      </p>

      <h2>Tus derechos</h2>
      <p>
        Puedes acceder a tus datos, rectificarlos, suprimirlos, oponerte a su tratamiento, pedir su limitación
        o su portabilidad. Tu nombre de usuario y tu correo se cambian en{' '}
        <Link to={routes.profile()}>Mi cuenta</Link>, donde también puedes eliminarla; para lo demás escribe a{' '}
        {contact}. Si crees que no hemos atendido bien tu petición, puedes reclamar ante la Agencia Española
        de Protección de Datos (<a href="https://www.aepd.es">www.aepd.es</a>).
      </p>
    </article>
  );
}
